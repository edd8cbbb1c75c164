import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { createStorefrontStore } from '../store/createStore';
import { TOAST_OPTIONS } from '../ui/toastOptions';
import { EmbedderContext, embedderOf, type EmbeddableComponent } from '../federation/embedder';
import { createCookieJarFetch } from './cookieJarFetch';

/** The real api started for the web tests (see api/src/testing/globalSetup.ts). */
export function testApiUrl(): string {
  const url = process.env.STOREFRONT_TEST_API_URL;
  if (!url) throw new Error('STOREFRONT_TEST_API_URL is not set: run web tests through jest, whose globalSetup starts the api');
  return url;
}

/** The same shop, on the same database, as one that takes no EFT (no bank account set). */
export function cashOnlyTestApiUrl(): string {
  const url = process.env.STOREFRONT_TEST_CASH_ONLY_API_URL;
  if (!url) throw new Error('STOREFRONT_TEST_CASH_ONLY_API_URL is not set: run web tests through jest, whose globalSetup starts the api');
  return url;
}

/** A store wired to the real test api, as one new shopper with their own cookie. */
export function createTestStore(apiBase: string = testApiUrl()) {
  return createStorefrontStore({
    config: { apiBase, assetHost: `${apiBase}/images/` },
    fetchFn: createCookieJarFetch(),
  });
}

interface RenderWithStoreOptions extends Omit<RenderOptions, 'wrapper'> {
  route?: string;
  store?: ReturnType<typeof createTestStore>;
  /**
   * Other remotes' modules the page embeds, by "remote/Module": what the shell would load (a team's
   * tests give stand-ins, never another team's code). Any other embed is unavailable.
   */
  embeds?: Record<string, EmbeddableComponent>;
}

/** Renders a component as the storefront does: real store, router, toasts. */
export function renderWithStore(ui: ReactElement, { route = '/', store = createTestStore(), embeds = {}, ...options }: RenderWithStoreOptions = {}) {
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <EmbedderContext value={embedderOf(embeds)}>
          {ui}
          <ToastContainer {...TOAST_OPTIONS} />
        </EmbedderContext>
      </MemoryRouter>
    </Provider>,
    options,
  );
  return { ...result, store, user };
}
