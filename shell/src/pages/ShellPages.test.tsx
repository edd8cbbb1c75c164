import { baseApi, Route, Routes, useLocation } from '@storefront/shared';
import { renderWithStore } from '@storefront/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { resizeWindowTo } from '../behaviour/viewportTesting';
import { pageMetaFor, usePageMeta } from '../app/pageMeta';
import { LISTED_SHELL_PAGES } from '../app/shellPages';
import { serverDrawnViewAt } from '../app/serverDrawnPages';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { PRODUCT_LAYOUT_LINKS, SHOP_LAYOUT_LINKS } from '../layout/menuLinks';
import { fixtureStore, SAMPLE_DISCLOSURES, type FixtureAnswer } from '../testing/apiFixtures';
import { ContactPage } from './ContactPage';
import { NotFoundPage } from './NotFoundPage';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  resizeWindowTo(1280);
});
afterEach(() => jest.restoreAllMocks());

describe('Shop mega-menu', () => {
  it('links every shop layout, every product layout of the most popular product and the top categories; keyboard-operable', async () => {
    const { user, store } = renderWithStore(<Header />);
    // The desktop's menu is a chunk of its own (layout/laterParts.ts): the plain links first, then the menus.
    const shop = await screen.findByRole('button', { name: 'Shop menu' });
    shop.focus();
    await user.keyboard('{ArrowDown}');
    expect(shop).toHaveAttribute('aria-expanded', 'true');
    const layouts = screen.getByRole('navigation', { name: 'Shop layouts' });
    await waitFor(() => expect(within(layouts).getByRole('link', { name: 'Shop' })).toHaveFocus());
    expect(within(layouts).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(SHOP_LAYOUT_LINKS.map((link) => link.to));
    // The shop's layouts (docs/behaviour.md#screens), word for word, after the plain /shop.
    const spec = 'boxed-slider boxed-image right-sidebar off-canvas horizontal-filter-1 horizontal-filter-2 list infinite-scroll 3cols 4cols 5cols 6cols 7cols 8cols';
    expect(SHOP_LAYOUT_LINKS.map((link) => link.to)).toEqual(['/shop', ...spec.split(' ').map((layout) => `/shop/${layout}`)]);

    const popular = await store.dispatch(baseApi.endpoints.getProducts.initiate({ sort: 'popularity', limit: 1 })).unwrap();
    const product = popular.products[0];
    if (!product) throw new Error('the seed has no products');
    const productLinks = await within(screen.getByRole('navigation', { name: 'Product layouts' })).findAllByRole('link');
    expect(productLinks).toHaveLength(PRODUCT_LAYOUT_LINKS.length);
    expect(productLinks[0]).toHaveAttribute('href', `/product/${product.link}`);
    expect(productLinks.map((link) => link.getAttribute('href'))).toContain(`/product/sticky-both/${product.link}`);
    const categories = await screen.findByRole('navigation', { name: 'Top categories' });
    expect(await within(categories).findByRole('link', { name: 'Fashion' })).toHaveAttribute('href', '/shop?category=Fashion');
    expect(within(categories).queryByRole('link', { name: 'T-shirts' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(product.name) })).toHaveAttribute('href', `/product?id=${product.link}`);

    await user.keyboard('{ArrowDown}');
    expect(within(layouts).getByRole('link', { name: 'Boxed with slider' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.closest('nav')).not.toBe(layouts);
    await user.keyboard('{Escape}');
    expect(shop).toHaveAttribute('aria-expanded', 'false');
    expect(shop).toHaveFocus();
  });

  it('has Home, About Us, Contact Us and the Account menu beside Shop', async () => {
    renderWithStore(<Header />);
    await screen.findByRole('button', { name: 'Account' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    expect(within(main).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(within(main).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(within(main).getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('moves through the Account menu with the arrow keys', async () => {
    const { user } = renderWithStore(<Header />);
    (await screen.findByRole('button', { name: 'Account' })).focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.querySelector('.shell-menu button')).toHaveFocus());
    expect(document.activeElement).toHaveTextContent('Sign in');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Register' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });
});

describe('Footer', () => {
  it('shows the trading hours, and the contact details the shop’s configuration gives (GET /shop/disclosures)', async () => {
    const shop = { ...SAMPLE_DISCLOSURES, address: ['Unit 4, Loftus Park', 'Arcadia', 'Pretoria', '0083'], email: 'orders@example.co.za', phone: '+27 (0)12 000 1111' };
    const { store } = fixtureStore({ 'GET /shop/disclosures': () => ({ status: 200, body: shop }) });
    renderWithStore(<Footer />, { store });
    expect(screen.getByText('Mon-Sun 9:00 AM - 8:00 PM')).toBeInTheDocument();
    const contact = screen.getByTestId('footer-contact');
    expect(await within(contact).findByRole('link', { name: 'orders@example.co.za' })).toHaveAttribute('href', 'mailto:orders@example.co.za');
    expect(within(contact).getByRole('link', { name: '+27 (0)12 000 1111' })).toHaveAttribute('href', 'tel:+27120001111');
    expect(contact).toHaveTextContent('Unit 4, Loftus Park, Arcadia, Pretoria, 0083');
    expect(screen.getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Track an order' })).toHaveAttribute('href', '/order-status');
  });

  it('asks for the contact details only when the footer comes near the screen, and links the contact page when they cannot be read', async () => {
    const observed: IntersectionObserverCallback[] = [];
    class NearObserver {
      constructor(callback: IntersectionObserverCallback) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'IntersectionObserver', { value: NearObserver, configurable: true });
    try {
      const { store, requests } = fixtureStore({ 'GET /shop/disclosures': () => ({ status: 503, body: { error: 'unavailable', message: 'Down' } }) });
      renderWithStore(<Footer />, { store });
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(requests.filter((request) => request.path.includes('/shop/disclosures'))).toEqual([]);
      act(() => {
        for (const callback of observed) callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      });
      expect(await within(screen.getByTestId('footer-contact')).findByRole('link', { name: 'Our address, phone and email' })).toHaveAttribute('href', '/contact');
    } finally {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    }
  });

  it('loads the newsletter form only when the footer comes near the screen', async () => {
    const observed: { callback: IntersectionObserverCallback; margin?: string }[] = [];
    class NearObserver {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed.push({ callback, margin: options?.rootMargin });
      }
      observe() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'IntersectionObserver', { value: NearObserver, configurable: true });
    try {
      renderWithStore(<Footer />);
      expect(screen.getByRole('heading', { name: 'Newsletter' })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Your email for our newsletter' })).not.toBeInTheDocument();
      // The contact details' block and the newsletter's, each near within the same margin.
      expect(observed.map((observer) => observer.margin)).toEqual(['40px 0px', '40px 0px']);
      act(() => {
        for (const { callback } of observed) callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      });
      expect(await screen.findByRole('textbox', { name: 'Your email for our newsletter' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    }
  });

  it('subscribes to the newsletter: the e-mail is required and checked, and a toast shows the api’s answer', async () => {
    const { store, requests } = fixtureStore();
    const { user } = renderWithStore(<Footer />, { store });
    const email = await screen.findByRole('textbox', { name: 'Your email for our newsletter' });
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    await user.click(subscribe);
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    await user.type(email, 'not-an-address');
    await user.click(subscribe);
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();

    const address = `Newsletter.${Date.now()}@Example.co.za`;
    await user.clear(email);
    await user.type(email, ` ${address} `);
    await user.click(subscribe);
    const posted = await waitFor(() => {
      const post = requests.find((request) => request.method === 'POST' && request.path === '/newsletter');
      if (!post) throw new Error('nothing posted yet');
      return post;
    });
    expect(posted.body).toEqual({ email: address });
    expect(posted.status).toBeLessThan(300);
    expect(await screen.findByText((posted.answer as { message: string }).message)).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveValue(''));
  });

  it('shows the api’s “check your inbox” answer, and what went wrong as an error', async () => {
    const almostDone = 'Almost done: check your inbox for a link to confirm your subscription.';
    let answer: FixtureAnswer = { status: 202, body: { message: almostDone } };
    const { store } = fixtureStore({ 'POST /newsletter': () => answer });
    const { user } = renderWithStore(<Footer />, { store });
    const email = await screen.findByRole('textbox', { name: 'Your email for our newsletter' });
    await user.type(email, 'thandi@example.co.za');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(almostDone)).toBeInTheDocument();

    answer = { status: 429, body: { error: 'too_many_requests', message: 'Too many sign-ups from here just now. Please try again later.' } };
    await waitFor(() => expect(email).toHaveValue(''));
    await user.type(email, 'thandi@example.co.za');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many sign-ups from here just now. Please try again later.')).toBeInTheDocument();
    expect(email).toHaveValue('thandi@example.co.za');
  });
});

describe('ContactPage', () => {
  it('gives the shop’s address, phone and email as its configuration does, after a skeleton', async () => {
    const shop = { ...SAMPLE_DISCLOSURES, address: ['Unit 4, Loftus Park', 'Arcadia', 'Pretoria', '0083'], email: 'orders@example.co.za' };
    const { store } = fixtureStore({ 'GET /shop/disclosures': () => ({ status: 200, body: shop }) });
    renderWithStore(<ContactPage />, { store });
    expect(screen.getByTestId('contact-details-loading')).toHaveAttribute('aria-busy', 'true');
    const details = await screen.findByTestId('contact-details');
    expect(details).toHaveTextContent('Unit 4, Loftus Park, Arcadia, Pretoria, 0083');
    expect(within(details).getByRole('link', { name: 'orders@example.co.za' })).toHaveAttribute('href', 'mailto:orders@example.co.za');
    expect(within(details).getByRole('link', { name: '+27 12 345 6789' })).toHaveAttribute('href', 'tel:+27123456789');
  });

  it('shows every field error on submit and sends nothing; a whole message is sent and thanked', async () => {
    const { user } = renderWithStore(<ContactPage />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Write your message.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ayanda Zulu');
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ayanda@example.co.za');
    const phone = screen.getByRole('textbox', { name: 'Phone (optional)' });
    await user.type(phone, '082 12');
    expect(phone).toHaveValue('+278212');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Sizes');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Do the blouses run small?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Enter a South African mobile number: +27 and 9 digits, or leave it empty.')).toBeInTheDocument();

    await user.type(phone, '34567');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your message. We reply within one working day.');
  });
});

describe('NotFoundPage', () => {
  it('offers a search and links home and to the shop', async () => {
    const { user } = renderWithStore(
      <>
        <Routes>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        <Where />
      </>,
      { route: '/no-such-page' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    await user.type(screen.getByRole('searchbox', { name: 'Search the shop instead' }), 'watch');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/shop?search=watch'));
  });
});

describe('page titles and descriptions', () => {
  function Meta() {
    usePageMeta();
    return null;
  }

  it('names each route, and a product page after its product', async () => {
    expect(pageMetaFor('/shop/3cols').title).toBe('Shop');
    expect(pageMetaFor('/contact').title).toBe('Contact us');
    expect(pageMetaFor('/nowhere').title).toBe('Page not found');

    renderWithStore(<Meta />, { route: '/about' });
    expect(document.title).toBe('About us | Jacaranda');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('Pretoria'));
  });

  it("asks search engines not to keep a newsletter link's page, and takes that back on the next page", () => {
    const robots = () => [...document.head.querySelectorAll('meta[name="robots"]')].map((tag) => tag.getAttribute('content'));
    const first = renderWithStore(<Meta />, { route: '/newsletter/confirm?token=abc' });
    expect(document.title).toBe('Confirm your subscription | Jacaranda');
    expect(robots()).toEqual(['noindex']);
    first.unmount();
    renderWithStore(<Meta />, { route: '/legal/privacy' });
    expect(document.title).toBe('Privacy | Jacaranda');
    expect(robots()).toEqual([]);

    // The edge's own tag on a newsletter page is taken over; one it sent for a page found missing is left.
    const sent = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.appendChild(sent);
    const second = renderWithStore(<Meta />, { route: '/newsletter/unsubscribe?token=abc' });
    expect(robots()).toEqual(['noindex']);
    second.unmount();
    renderWithStore(<Meta />, { route: '/shop' });
    expect(robots()).toEqual([]);
    const missing = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.appendChild(missing);
    renderWithStore(<Meta />, { route: '/product?id=gone' });
    expect(robots()).toEqual(['noindex']);
    missing.remove();
  });

  it('takes a product page title from the product', async () => {
    const { store } = renderWithStore(<Meta />, { route: '/' });
    const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 1 })).unwrap();
    const product = page.products[0];
    if (!product) throw new Error('the seed has no products');
    renderWithStore(<Meta />, { route: `/product/sticky-cart/${product.link}` });
    await waitFor(() => expect(document.title).toBe(`${product.name} | Jacaranda`));
  });
});

describe('the shell’s pages the server draws', () => {
  it('are the ones search engines are given, and no other address', () => {
    for (const path of LISTED_SHELL_PAGES) expect({ path, view: serverDrawnViewAt(path) }).toEqual({ path, view: expect.any(String) });
    expect(serverDrawnViewAt('/legal/')).toBe('LegalPages');
    for (const path of ['/newsletter/confirm', '/no-such-page', '/shop', '/legal/nothing']) expect({ path, view: serverDrawnViewAt(path) }).toEqual({ path, view: undefined });
  });
});
