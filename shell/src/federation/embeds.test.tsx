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

/** The page as the server drew it, `drawn` by the given shared (the island's HTML as that shared writes it), hydrated as the browser does. */
async function hydrateServerPage(drawn: (html: string) => string = (html) => html) {
  const store = createTestStore();
  const html = renderPageElement(
    <EmbedderContext value={embedderOf({ 'mfe-cart/HeaderLists': Lists })}>
      <Page />
    </EmbedderContext>,
    store,
    { pathname: '/', search: '', viewportWidth: 1280 },
  );
  const root = document.createElement('div');
  root.innerHTML = drawn(html);
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
  // The island comes alive on its turn, in a task after the page's.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(root.querySelector('[data-embed]')).not.toHaveAttribute('data-await-hydration');
  return root;
}

async function followIslandLink() {
  const link = await screen.findByRole('link', { name: 'Shop from the island' });
  expect(link).toHaveAttribute('href', '/shop');
  await act(async () => {
    link.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('an island (an embed the server drew, taken over as a root of its own)', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    errors = jest.spyOn(console, 'error');
  });
  afterEach(() => {
    errors.mockRestore();
    document.body.innerHTML = '';
  });

  it("carries the page's router: it sees the address, and its links move the page", async () => {
    await hydrateServerPage();
    await followIslandLink();
    expect(screen.getByTestId('page-sees')).toHaveTextContent('/shop');
    expect(screen.getByTestId('island-sees')).toHaveTextContent('/shop');
  });

  it('is drawn on the server without a Suspense boundary, so the browser hydrates it in one pass without a mismatch', async () => {
    const root = await hydrateServerPage((html) => {
      expect(html).not.toContain('<!--$-->');
      return html;
    });
    expect(root.querySelector('[data-embed]')?.firstChild?.nodeName).toBe('P');
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/hydrat/i);
  });

  it("adopts the HTML of a release built with an older shared, which drew a Suspense boundary around the module", async () => {
    await hydrateServerPage((html) => html.replace(/(<div data-embed="[^"]+"[^>]*>)(.*?)(<\/div>)/, '$1<!--$-->$2<!--/$-->$3'));
    expect(document.querySelector('[data-embed]')?.firstChild?.nodeType).toBe(Node.COMMENT_NODE);
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/hydrat/i);
    await followIslandLink();
    expect(screen.getByTestId('island-sees')).toHaveTextContent('/shop');
  });
});
