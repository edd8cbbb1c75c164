import { renderWithStore } from '@storefront/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useRouteFocus } from './useRouteFocus';
import { Link, Route, Routes } from '@storefront/shared';

/**
 * The event on which the late page draws its heading, as a remote's arrives once its code is in.
 * The test says when: on a timer, a busy machine drew the heading before the test had looked at
 * where focus was.
 */
const HEADING_ARRIVES = 'test:heading-arrives';

function headingArrives() {
  act(() => {
    window.dispatchEvent(new Event(HEADING_ARRIVES));
  });
}

/** A page whose heading arrives late, as a remote's does. */
function LatePage({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const arrive = () => setReady(true);
    window.addEventListener(HEADING_ARRIVES, arrive);
    return () => window.removeEventListener(HEADING_ARRIVES, arrive);
  }, []);
  return ready ? <h1>{children}</h1> : <p>Loading…</p>;
}

function Shell() {
  useRouteFocus();
  return (
    <>
      <nav>
        <Link to="/shop">Shop</Link>
        <Link to="/shop?page=2">Page 2</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/shop" element={<LatePage>Shop</LatePage>} />
        </Routes>
      </main>
    </>
  );
}

describe('focus on route change', () => {
  beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('leaves focus alone on first load, then moves it to the new page’s heading once it appears', async () => {
    const { user } = renderWithStore(<Shell />);
    expect(document.body).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Shop' }));
    expect(document.getElementById('main')).toHaveFocus();
    headingArrives();
    // Focus follows once main's children have changed (a MutationObserver, called after this task).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Shop' })).toHaveFocus());
  });

  it('does not move focus when only the query changes (a filter, a page)', async () => {
    const { user } = renderWithStore(<Shell />, { route: '/shop' });
    headingArrives();
    screen.getByRole('heading', { level: 1, name: 'Shop' });
    const link = screen.getByRole('link', { name: 'Page 2' });
    await user.click(link);
    expect(link).toHaveFocus();
  });
});

describe('focus on route change to a page whose heading is there at once', () => {
  beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('moves focus from the clicked link to the heading', async () => {
    function Instant() {
      useRouteFocus();
      return (
        <>
          <Link to="/about">About</Link>
          <main id="main" tabIndex={-1}>
            <Routes>
              <Route path="/" element={<h1>Home</h1>} />
              <Route path="/about" element={<h1>About</h1>} />
            </Routes>
          </main>
        </>
      );
    }
    const { user } = renderWithStore(<Instant />);
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toHaveFocus();
  });
});
