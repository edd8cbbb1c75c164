import { BrowserRouter, createStorefrontStore, Link, Provider, Toasts } from '@storefront/shared';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The mini shell a remote's team runs alone (`npm start -w mfe-cart`): the real store and api
 * (through the dev server's /api proxy), a router and toasts, with the remote's own pages.
 *
 * Its own entry point (`@storefront/shared/standalone`), not the package's: the shell never runs
 * it, so a shopper's first load does not carry it. It takes the store, the router and the toasts
 * from the package by its name, so a remote run alone has the one copy its pages use.
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
