import { Link, Skeleton, useLocation, useParams } from '@storefront/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { CatalogueAccessNotice, isAccessRefusal } from './CatalogueAccess';
import { ProductForm } from './ProductForm';
import { ProductPictures } from './ProductPictures';
import { useGetCatalogueChoicesQuery, useGetOperatorProductQuery } from './productsApi';
import { ProductStock } from './ProductStock';

/** The list's search the operator came from (OperatorProductList passes it), so "All products" goes back to it. */
function listSearchFrom(state: unknown): string {
  const list = typeof state === 'object' && state !== null ? (state as { list?: unknown }).list : undefined;
  return typeof list === 'string' && (list === '' || list.startsWith('?')) ? list : '';
}

/** True on the page a new product's form just led to (ProductForm says so in the navigation's state). */
function justCreated(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { created?: unknown }).created === true;
}

function httpStatus(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
}

function BackToList() {
  const { state } = useLocation();
  return (
    <p className="op-back">
      <Link to={`/operator/products${listSearchFrom(state)}`}>All products</Link>
    </p>
  );
}

function Loading() {
  return (
    <div aria-busy="true" data-testid="product-loading">
      <BackToList />
      <Skeleton height="36px" width="50%" />
      <Skeleton height="320px" />
    </div>
  );
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="sf-notice" role="alert">
      <p>We couldn’t load {what} just now.</p>
      <button type="button" className="sf-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function Refused({ heading, error }: { heading: string; error: unknown }) {
  return (
    <>
      <BackToList />
      <h1>{heading}</h1>
      <CatalogueAccessNotice error={error} />
    </>
  );
}

function Card({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section className="acc-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

/** The product's name as its page's heading; focused when the page follows the new product's form. */
function ProductHeading({ name }: { name: string }) {
  const { state } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = justCreated(state);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <h1 ref={heading} tabIndex={-1} className="op-title">
      {name}
    </h1>
  );
}

/** /operator/products/new: a new product; once saved, its own page (pictures and stock come after). */
export function NewProductPage() {
  const { currentData: choices, error, isFetching, refetch } = useGetCatalogueChoicesQuery();
  if (isAccessRefusal(error)) return <Refused heading="New product" error={error} />;
  if (!choices && isFetching) return <Loading />;
  return (
    <>
      <BackToList />
      <h1>New product</h1>
      {choices ? (
        <div className="op-product op-product--new">
          <Card titleId="op-product-details" title="Details">
            <p className="acc-muted">Pictures and stock are added once the product is saved.</p>
            <ProductForm choices={choices} />
          </Card>
        </div>
      ) : (
        <LoadFailed what="the shop’s categories, colours and sizes" onRetry={() => void refetch()} />
      )}
    </>
  );
}

/** /operator/products/:id: the product's details, then its pictures and its stock with their history. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const product = useGetOperatorProductQuery(id);
  const choices = useGetCatalogueChoicesQuery();
  const refusal = [product.error, choices.error].find(isAccessRefusal);
  if (refusal) return <Refused heading="Product" error={refusal} />;
  if ((!product.currentData && product.isFetching) || (!choices.currentData && choices.isFetching)) return <Loading />;
  if (!product.currentData) {
    const unknown = httpStatus(product.error) === 404 || httpStatus(product.error) === 400;
    return (
      <>
        <BackToList />
        <h1>Product</h1>
        {unknown ? (
          <div className="sf-notice" role="alert">
            <p>There is no product {id}.</p>
          </div>
        ) : (
          <LoadFailed what="the product" onRetry={() => void product.refetch()} />
        )}
      </>
    );
  }
  const found = product.currentData;
  const shop = choices.currentData;
  if (!shop) {
    return (
      <>
        <BackToList />
        <h1>{found.product.name}</h1>
        <LoadFailed what="the shop’s categories, colours and sizes" onRetry={() => void choices.refetch()} />
      </>
    );
  }
  return (
    <>
      <BackToList />
      <div className="op-head">
        <ProductHeading name={found.product.name} />
        <Link to={`/product?id=${encodeURIComponent(found.link)}`}>View in the store</Link>
      </div>
      <p className="acc-muted op-product__facts">
        SKU {found.sku} · {found.product.published ? 'Published' : 'Draft: shoppers don’t see it'}
      </p>
      <div className="op-product">
        <div className="op-product__details">
          <Card titleId="op-product-details" title="Details">
            {/* A new form for each product: what was typed for one is never saved to another. */}
            <ProductForm key={found.id} choices={shop} product={found} />
          </Card>
        </div>
        <div className="op-product__pictures">
          <ProductPictures key={found.id} product={found} />
        </div>
        <div className="op-product__stock">
          <ProductStock key={found.id} product={found} sizeLabel={(name) => shop.sizes.find((size) => size.name === name)?.label ?? name} />
        </div>
      </div>
    </>
  );
}
