/**
 * The parts of the page-wide libraries the shell and the remotes use, published through
 * @storefront/shared instead of sharing each library through Module Federation.
 *
 * Why: a library shared through federation is built whole, because the provider cannot know
 * what its consumers will use; react-router alone came to about 60 KB gzip that way. Behind this
 * module the shell's one copy of each library is tree-shaken to what is listed here, and it is
 * still one copy on the page (the router, store and toast contexts must be one), because
 * @storefront/shared is itself the shared singleton. A remote that needs another export asks for
 * it here, in a minor release of @storefront/shared. Toasts are in ui/toasts.tsx (loaded later).
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Router,
  Routes,
  UNSAFE_NavigationContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export { Provider } from 'react-redux';
export { skipToken } from '@reduxjs/toolkit/query';
