import { formatRand, Link, Skeleton, useSearchParams } from '@storefront/shared';
import { CatalogueAccessNotice, isAccessRefusal } from './CatalogueAccess';
import { ProductSearchForm } from './ProductSearchForm';
import { productSearchParams, productSearchText, readProductSearch, type ProductListSearch } from './productSearch';
import { useGetOperatorProductsQuery, type OperatorProductRow } from './productsApi';
import { Thumbnail } from './Thumbnail';
import { ListPager } from '../ListPager';

function Pager({ search, pages }: { search: ProductListSearch; pages: number }) {
  return <ListPager page={search.page} pages={pages} label="Pages of products" hrefOf={(to) => `/operator/products${productSearchText({ ...search, page: to })}`} />;
}

/** The price a shopper pays now, and the price before the sale beside it. */
function RowPrice({ product }: { product: OperatorProductRow }) {
  if (product.on_sale_price === null) return <>{formatRand(product.price)}</>;
  return (
    <span className="sf-price--sale op-row-price">
      <ins aria-label={`Sale price ${formatRand(product.on_sale_price)}`}>{formatRand(product.on_sale_price)}</ins>{' '}
      <del aria-label={`Was ${formatRand(product.price)}`}>{formatRand(product.price)}</del>
    </span>
  );
}

function ProductRows({ search }: { search: ProductListSearch }) {
  const { currentData: found, error, isFetching, refetch } = useGetOperatorProductsQuery(search);
  if (isAccessRefusal(error)) return <CatalogueAccessNotice error={error} />;
  if (!found && isFetching) {
    return (
      <div aria-busy="true" data-testid="products-loading">
        <Skeleton height="56px" />
        <Skeleton height="56px" />
        <Skeleton height="56px" />
      </div>
    );
  }
  if (!found) {
    return (
      <div className="sf-notice" role="alert">
        <p>We couldn’t load the products just now.</p>
        <button type="button" className="sf-button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const pages = Math.max(1, found.pages);
  if (found.products.length === 0) {
    let message = 'There are no products yet.';
    if (found.total > 0) message = `There is no page ${search.page}: the list has ${pages}.`;
    else if (search.q) message = `No products match “${search.q}”.`;
    return (
      <div className="sf-notice">
        <p>{message}</p>
        {(search.q !== '' || search.page > 1) && <Link to="/operator/products">Show every product</Link>}
      </div>
    );
  }
  return (
    <div aria-busy={isFetching}>
      <p className="acc-muted" role="status">
        {found.total === 1 ? '1 product' : `${found.total} products`}
        {search.q ? ` match “${search.q}”` : ''}
      </p>
      <table className="acc-orders acc-table--stack op-products">
        <caption className="sf-visually-hidden">Products{search.q ? ` matching “${search.q}”` : ''}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="sf-visually-hidden">Picture</span>
            </th>
            <th scope="col">Name</th>
            <th scope="col">SKU</th>
            <th scope="col">Price</th>
            <th scope="col">Stock</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {found.products.map((product) => (
            <tr key={product.id}>
              <td className="op-products__picture">
                <Thumbnail path={product.picture} alt="" />
              </td>
              <th scope="row" className="op-products__name">
                <Link to={`/operator/products/${encodeURIComponent(product.id)}`} state={{ list: productSearchText(search) }}>
                  {product.name}
                </Link>
              </th>
              <td data-label="SKU" className="op-products__sku">
                {product.sku}
              </td>
              <td data-label="Price" className="op-nowrap">
                <RowPrice product={product} />
              </td>
              <td data-label="Stock">{product.stock}</td>
              <td data-label="State">{product.published ? 'Published' : <span className="acc-muted">Draft</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* The api answers the last page for a page past the end: the pager counts from the page it answered. */}
      <Pager search={{ ...search, page: found.page }} pages={pages} />
    </div>
  );
}

/** /operator/products: the shop's products, found by name or SKU, 25 to a page. */
export function OperatorProductList() {
  const [params, setParams] = useSearchParams();
  const search = readProductSearch(params);
  return (
    <>
      <div className="op-head">
        <h1>Products</h1>
        <Link className="sf-button" to="/operator/products/new">
          New product
        </Link>
      </div>
      <ProductSearchForm q={search.q} onSearch={(q) => setParams(productSearchParams({ q, page: 1 }))} />
      <ProductRows search={search} />
    </>
  );
}
