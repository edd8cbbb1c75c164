import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link } from 'react-router-dom';
import { createStorefrontStore } from '../store/createStore';
import { Toasts } from './toasts';

/**
 * The mini shell a remote's team runs alone (`npm start -w mfe-cart`): the real store and api
 * (through the dev server's /api proxy), a router and toasts, with the remote's own pages.
 */
export function mountStandalone({ name, links, children }: { name: string; links: { to: string; label: string }[]; children: ReactNode }) {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from the page');
  const store = createStorefrontStore();
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <header className="sf-standalone-bar">
            <strong>{name}</strong> <span>standalone</span>
            <nav aria-label="Pages of this remote">
              {links.map((link) => (
                <Link key={link.to} to={link.to}>
                  {link.label}
                </Link>
              ))}
            </nav>
          </header>
          <main>{children}</main>
          <Toasts />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
