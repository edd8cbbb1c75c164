import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <div className="sf-container shell-not-found">
      <h1>Page not found</h1>
      <p>The page you were looking for isn’t here. It may have moved, or the link may be mistyped.</p>
      <Link className="sf-button" to="/shop">
        Continue shopping
      </Link>
    </div>
  );
}
