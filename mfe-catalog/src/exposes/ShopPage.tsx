import { useGetCategoriesQuery, useGetProductsQuery } from '@storefront/shared';
import { Link, useSearchParams } from 'react-router-dom';
import { ProductGrid } from '../features/products/ProductGrid';
import { Pagination } from '../features/shop/Pagination';
import '../features/catalog.css';

export const PAGE_SIZE = 24;

function readPage(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /shop?category=…&search=…&page=…: the product list, filtered by the URL. */
export default function ShopPage() {
  const [params] = useSearchParams();
  const category = params.get('category') ?? '';
  const search = params.get('search')?.trim() ?? '';
  const page = readPage(params.get('page'));
  const { data: categories } = useGetCategoriesQuery();
  const { data, isFetching, isLoading, isError, refetch } = useGetProductsQuery({
    page,
    limit: PAGE_SIZE,
    ...(category ? { category } : {}),
    ...(search ? { search } : {}),
  });
  const categoryName =
    categories?.find((item) => item.id === category.toLowerCase() || item.name.toLowerCase() === category.toLowerCase())?.name ?? category;
  const title = search ? `Results for “${search}”` : categoryName || 'Shop';
  const total = data?.total ?? 0;
  return (
    <div className="sf-container cat-shop">
      <nav aria-label="Breadcrumb" className="cat-breadcrumb">
        <Link to="/">Home</Link> / <Link to="/shop">Shop</Link>
        {categoryName && <> / {categoryName}</>}
      </nav>
      <h1>{title}</h1>
      <p className="cat-shop__count" aria-live="polite">
        {isLoading ? 'Loading products…' : `${total} ${total === 1 ? 'product' : 'products'}`}
      </p>
      <div aria-busy={isFetching}>
        <ProductGrid
          label="Products"
          products={data?.products}
          isLoading={isLoading}
          isError={isError}
          onRetry={() => void refetch()}
          placeholders={12}
          empty={
            <p>
              No products match. <Link to="/shop">See all products</Link>
            </p>
          }
        />
      </div>
      <Pagination page={page} pageCount={Math.ceil(total / PAGE_SIZE)} />
    </div>
  );
}
