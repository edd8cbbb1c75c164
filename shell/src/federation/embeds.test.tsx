import { createTestStore } from '@storefront/shared/testing';
import { BrowserRouter, Embedded, EmbedderContext, embedderOf, Link, Provider, Route, Routes, useLocation, type ModuleEmbedder } from '@storefront/shared';
import { renderPageElement } from '@storefront/shared/ssr/server';
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { startIsland } from './embeds';

/** A module of another remote that reads the page's address and links within the store, as the cart's header buttons do. */
function Lists() {
  const { pathname } = useLocation();
  return (
    <p>
      <span data-testid="island-sees">{pathname}</span> <Link to="/shop">Shop from the island</Link>
    </p>
  );
}

jest.mock('./remoteComponent', () => ({
  loadRemoteModule: () => Promise.resolve({ default: Lists }),
  forgetRemoteComponent: () => undefined,
}));

function Page() {
  const { pathname } = useLocation();
  return (
    <>
      <span data-testid="page-sees">{pathname}</span>
      <Embedded remote="mfe-cart" module="HeaderLists" props={{}} unavailable="unavailable" />
    </>
  );
}

describe('an island (an embed the server drew, taken over as a root of its own)', () => {
  it("carries the page's router: it sees the address, and its links move the page", async () => {
    const store = createTestStore();
    const html = renderPageElement(
      <EmbedderContext value={embedderOf({ 'mfe-cart/HeaderLists': Lists })}>
        <Page />
      </EmbedderContext>,
      store,
      { pathname: '/', search: '', viewportWidth: 1280 },
    );
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    expect(screen.getByTestId('island-sees')).toHaveTextContent('/');

    const embedder: ModuleEmbedder = {
      load: () => null,
      island: (part, ref, view) => startIsland(part, ref, view, embedder),
    };
    await act(async () => {
      hydrateRoot(
        root,
        <Provider store={store}>
          <BrowserRouter>
            <EmbedderContext value={embedder}>
              <Routes>
                <Route path="*" element={<Page />} />
              </Routes>
            </EmbedderContext>
          </BrowserRouter>
        </Provider>,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const link = await screen.findByRole('link', { name: 'Shop from the island' });
    expect(link).toHaveAttribute('href', '/shop');
    await act(async () => {
      link.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByTestId('page-sees')).toHaveTextContent('/shop');
    expect(screen.getByTestId('island-sees')).toHaveTextContent('/shop');
    root.remove();
  });
});
