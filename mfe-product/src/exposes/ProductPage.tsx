import { Skeleton, useGetCartQuery, useGetProductQuery } from '@storefront/shared';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ProductDetail } from '../features/detail/ProductDetail';
import '../features/product.css';

/** /product?id={link}, /product/{slug} and /product/{layout}/{slug}: the product to show. */
export function productIdFromLocation(pathname: string, params: URLSearchParams): string {
  const fromQuery = params.get('id')?.trim();
  if (fromQuery) return fromQuery;
  const segments = pathname.split('/').filter(Boolean);
  return segments[0] === 'product' && segments.length > 1 ? decodeURIComponent(segments[segments.length - 1] ?? '') : '';
}

function ProductSkeleton() {
  return (
    <div className="prd-layout" aria-busy="true" aria-label="Loading product">
      <Skeleton height="0" className="prd-skeleton-image" />
      <div className="prd-info">
        <Skeleton height="36px" width="70%" />
        <Skeleton height="20px" width="30%" />
        <Skeleton height="80px" />
        <Skeleton height="44px" width="60%" />
      </div>
    </div>
  );
}

function ProductNotFound({ id }: { id: string }) {
  return (
    <div className="sf-notice prd-not-found">
      <h1>Product not found</h1>
      <p>{id ? `We couldn’t find “${id}”. It may have sold out for good or the link may be wrong.` : 'No product was chosen.'}</p>
      <Link className="sf-button" to="/shop">
        Back to the shop
      </Link>
    </div>
  );
}

export default function ProductPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = productIdFromLocation(pathname, params);
  const { data: product, isLoading, isError, error, refetch } = useGetProductQuery(id, { skip: !id });
  const { isLoading: cartLoading } = useGetCartQuery();

  let content;
  if (!id || (isError && 'status' in error && error.status === 404)) content = <ProductNotFound id={id} />;
  else if (isError) {
    content = (
      <div className="sf-notice" role="alert">
        <p>We couldn’t load this product just now.</p>
        <button type="button" className="sf-button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (isLoading || cartLoading || !product) content = <ProductSkeleton />;
  else content = <ProductDetail key={product.id} product={product} />;

  return <div className="sf-container prd-page">{content}</div>;
}
