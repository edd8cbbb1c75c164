import { Link, Skeleton, useGetCategoriesQuery } from '@storefront/shared';

/** The top-level categories as tiles into the shop, with what is under each. */
export function CategoryTiles() {
  const { data: categories, isLoading, isError, refetch } = useGetCategoriesQuery();
  if (isLoading) {
    return (
      <div className="cat-tiles" role="status" aria-busy="true" aria-label="Loading categories">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height="88px" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="sf-notice" role="alert">
        <p>
          The categories couldn’t load. <Link to="/shop">Browse every product</Link> or
        </p>
        <button type="button" className="sf-button sf-button--ghost" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const topLevel = (categories ?? []).filter((category) => category.parent === null);
  if (topLevel.length === 0) {
    return (
      <p className="sf-notice">
        <Link to="/shop">Browse every product</Link>
      </p>
    );
  }
  return (
    <nav aria-label="Shop by category">
      <ul className="cat-tiles">
        {topLevel.map((category) => {
          const children = (categories ?? []).filter((child) => child.parent === category.name);
          return (
            <li key={category.id}>
              <Link className="cat-tile" to={`/shop?category=${encodeURIComponent(category.id)}`}>
                <span className="cat-tile__name">{category.name}</span>
                {children.length > 0 && <span className="cat-tile__children">{children.map((child) => child.name).join(', ')}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
