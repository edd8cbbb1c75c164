import { ShopSearchForm } from '../layout/ShopSearchForm';
import { Link } from '@storefront/shared';
import './pages.css';

export function NotFoundPage() {
  return (
    <div className="sf-container shell-not-found">
      <p className="shell-not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you were looking for isn’t here. It may have moved, or the link may be mistyped.</p>
      <ShopSearchForm label="Search the shop instead" className="shell-not-found__search" />
      <p className="shell-page__actions">
        <Link className="sf-button" to="/shop">
          Continue shopping
        </Link>
        <Link className="sf-button sf-button--ghost" to="/">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
