import { Skeleton, useGetCategoriesQuery } from '@storefront/shared';
import { Link } from 'react-router-dom';

/** The top-level categories as tiles into the shop. */
export function CategoryTiles() {
  const { data: categories, isLoading } = useGetCategoriesQuery();
  if (isLoading) {
    return (
      <div className="cat-tiles" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height="64px" />
        ))}
      </div>
    );
  }
  const topLevel = (categories ?? []).filter((category) => category.parent === null);
  if (topLevel.length === 0) return null;
  return (
    <nav aria-label="Shop by category">
      <ul className="cat-tiles">
        {topLevel.map((category) => (
          <li key={category.id}>
            <Link className="cat-tile" to={`/shop?category=${encodeURIComponent(category.id)}`}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
