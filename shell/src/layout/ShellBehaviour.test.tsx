import { renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { SHELL_THRESHOLDS } from '../behaviour/thresholds';
import { resizeWindowTo, scrollWindowTo } from '../behaviour/viewportTesting';
import { BottomNavbar } from './BottomNavbar';
import { BottomNavbarSlot } from './BottomNavbarSlot';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';
import { Link, Route, Routes, useLocation } from '@storefront/shared';

/**
 * Where the router is. React Router navigates in a transition, which React may render in slices
 * on a busy machine, after the click has returned: read it with waitFor.
 */
function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  resizeWindowTo(1280);
  scrollWindowTo(0);
});
afterEach(() => jest.restoreAllMocks());

describe('the shell thresholds', () => {
  it('are the numbers of docs/behaviour.md#shell-thresholds', () => {
    expect(SHELL_THRESHOLDS).toEqual({ desktopMinWidth: 992, bottomNavMaxWidth: 576, bottomNavScrollY: 400, scrollToTopY: 600 });
  });
});

describe('BottomNavbar', () => {
  it('shows at widths up to 576 px once scrolled 400 px, with home, shop, wishlist, cart and account', () => {
    resizeWindowTo(576);
    // The cart team's count beside the wishlist and cart links (mfe-cart's ListCount).
    const Count = ({ list }: { list: string }) => <span>{`, ${list} count`}</span>;
    renderWithStore(<BottomNavbar />, { embeds: { 'mfe-cart/ListCount': Count } });
    scrollWindowTo(399);
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).not.toBeInTheDocument();
    scrollWindowTo(400);
    const nav = screen.getByRole('navigation', { name: 'Quick links' });
    const links = [...nav.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/', '/shop', '/wishlist', '/cart', '/account']);
    expect(screen.getByRole('link', { name: 'Cart , cart count' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wishlist , wishlist count' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();

    resizeWindowTo(577);
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).not.toBeInTheDocument();
    resizeWindowTo(375);
    expect(screen.getByRole('navigation', { name: 'Quick links' })).toBeInTheDocument();
    scrollWindowTo(0);
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).not.toBeInTheDocument();
  });
});

it("keeps its links, without counts, when the cart's count cannot be had", () => {
  resizeWindowTo(375);
  renderWithStore(<BottomNavbar />);
  scrollWindowTo(400);
  expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
});

describe('the bottom navbar on the page', () => {
  it('loads its code once a narrow page starts to scroll, and shows from 400 px', async () => {
    resizeWindowTo(375);
    renderWithStore(<BottomNavbarSlot />);
    scrollWindowTo(400);
    expect(await screen.findByRole('navigation', { name: 'Quick links' })).toBeInTheDocument();
    scrollWindowTo(399);
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).not.toBeInTheDocument();
  });
});

describe('ScrollToTop', () => {
  it('appears from 600 px of scroll and takes the shopper back to the top', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = renderWithStore(
      <main id="main" tabIndex={-1}>
        <ScrollToTop />
      </main>,
    );
    scrollWindowTo(599);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollWindowTo(600);
    await user.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.getElementById('main')).toHaveFocus();
  });
});

describe('Header variants and the mobile menu', () => {
  const page = (
    <>
      <Header />
      <Where />
      <Routes>
        <Route path="*" element={<Link to="/elsewhere">a link on the page</Link>} />
      </Routes>
    </>
  );

  it('is the desktop header from 992 px and the mobile one at 991 px', () => {
    resizeWindowTo(992);
    const Lists = () => <button type="button">Cart, 0 items</button>;
    renderWithStore(page, { embeds: { 'mfe-cart/HeaderLists': Lists } });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    resizeWindowTo(991);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    // The cart and wishlist stay in reach on the mobile header.
    expect(screen.getByRole('button', { name: /^Cart,/ })).toBeInTheDocument();
  });

  it('becomes fixed as soon as the page scrolls, and reserves its place', () => {
    renderWithStore(page);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-fixed', 'false');
    expect(header).not.toHaveClass('shell-header--fixed');
    scrollWindowTo(1);
    expect(header).toHaveAttribute('data-fixed', 'true');
    expect(header).toHaveClass('shell-header--fixed');
    expect(header.parentElement).toHaveClass('shell-header-slot');
    scrollWindowTo(0);
    expect(header).toHaveAttribute('data-fixed', 'false');
  });

  it('opens the slide-in menu, which closes on route change and gives Esc focus back to its button', async () => {
    resizeWindowTo(375);
    const { user } = renderWithStore(page);
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);
    // Its code comes with the first reach for the button (layout/laterParts.ts).
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'About Us' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/about'));
    expect(menu).not.toBeInTheDocument();

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('searches from its own field, and refuses an empty search', async () => {
    resizeWindowTo(375);
    const { user } = renderWithStore(page);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(screen.getByText('Type what you are looking for.')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'red dress');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/shop?search=red+dress'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('closes when the width reaches 992 px, and stays closed coming back below', async () => {
    resizeWindowTo(991);
    const { user } = renderWithStore(page);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    resizeWindowTo(992);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    resizeWindowTo(991);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
