import { useLocation } from '@storefront/shared';
import { renderWithStore } from '@storefront/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { forgetRemoteComponent } from '../federation/remoteComponent';
import { HeaderSearchSlot, type HeaderSearchHandover } from './HeaderSearchSlot';

// The federation runtime is stood in for: each load of the catalog's search waits for the test.
const loads: { resolve: (module: unknown) => void; reject: (error: Error) => void }[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) =>
    new Promise((resolve, reject) => {
      if (id !== 'mfe_catalog/HeaderSearch') reject(new Error(`unexpected module ${id}`));
      else loads.push({ resolve, reject });
    }),
  getInstance: () => undefined,
}));

/** What the catalog's box shows of what it was handed. */
function CatalogSearch({ initialText, autoFocus }: HeaderSearchHandover) {
  return <input role="combobox" aria-label="Search products" aria-expanded={false} data-autofocus={autoFocus ?? 'none'} defaultValue={initialText} />;
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderSlot() {
  return renderWithStore(
    <>
      <HeaderSearchSlot />
      <LocationProbe />
    </>,
  );
}

const plainBox = () => screen.getByRole('searchbox', { name: 'Search products' });

beforeEach(() => {
  loads.length = 0;
  forgetRemoteComponent('mfe-catalog', 'HeaderSearch');
});

describe('HeaderSearchSlot', () => {
  it('draws a plain box that searches, and loads nothing of the catalog until the shopper reaches for it', async () => {
    const { user } = renderSlot();
    expect(screen.getByRole('search', { name: 'Products' })).toHaveAttribute('action', '/shop');
    expect(screen.getByLabelText('Search in')).toHaveDisplayValue('All categories');
    expect(loads).toHaveLength(0);

    // The text is required.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Type what you are looking for.');
    expect(plainBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/$/);

    // Reaching for it (the click above) asked for the catalog's box once; it has not come yet.
    expect(loads).toHaveLength(1);
    await user.type(plainBox(), 'linen shirt{Enter}');
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/shop?search=linen+shirt'));
    expect(loads).toHaveLength(1);
  });

  it('hands the catalog’s box what was typed and the focus when it arrives', async () => {
    const { user } = renderSlot();
    await user.click(plainBox());
    await user.keyboard('headph');
    expect(loads).toHaveLength(1);
    await act(async () => loads[0]?.resolve({ default: CatalogSearch }));
    const live = await screen.findByRole('combobox', { name: 'Search products' });
    expect(live).toHaveValue('headph');
    expect(live).toHaveAttribute('data-autofocus', 'text');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('hands over the focus on the category selector, and starts loading on the pointer coming over it', async () => {
    const { user } = renderSlot();
    await user.hover(screen.getByLabelText('Search in'));
    expect(loads).toHaveLength(1);
    screen.getByLabelText('Search in').focus();
    await act(async () => loads[0]?.resolve({ default: CatalogSearch }));
    expect(await screen.findByRole('combobox', { name: 'Search products' })).toHaveAttribute('data-autofocus', 'category');
  });

  it('keeps the plain box when the catalog’s cannot come, and asks again the next time it is reached for', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderSlot();
    await user.click(plainBox());
    await act(async () => loads[0]?.reject(new Error('503')));
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('the plain search box stays')));
    expect(plainBox()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(plainBox(), 'socks');
    plainBox().blur();
    await user.click(plainBox());
    expect(loads).toHaveLength(2);
    await act(async () => loads[1]?.resolve({ default: CatalogSearch }));
    expect(await screen.findByRole('combobox', { name: 'Search products' })).toHaveValue('socks');
    warn.mockRestore();
  });
});
