import { renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import HeaderSearch, { type HeaderSearchProps } from './HeaderSearch';
import { useLocation } from '@storefront/shared';

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch(props: HeaderSearchProps = {}) {
  return renderWithStore(
    <>
      <HeaderSearch {...props} />
      <LocationProbe />
    </>,
  );
}

const location = () => screen.getByLabelText('location').textContent ?? '';
const field = () => screen.getByRole('combobox', { name: 'Search products' });

describe('HeaderSearch', () => {
  it('offers the shop’s categories first, then the search box’s departments it does not stock', async () => {
    renderSearch();
    const select = screen.getByLabelText('Search in');
    await within(select).findByRole('option', { name: /T-shirts/ });
    const labels = within(select).getAllByRole('option').map((option) => option.textContent?.trim());
    expect(labels.slice(0, 4)).toEqual(['All categories', 'Fashion', 'T-shirts', 'Trousers']);
    expect(labels.indexOf('Women (Fashion)')).toBeGreaterThan(labels.indexOf('Toys'));
    expect(labels).toEqual(expect.arrayContaining(['Smart TVs (Electronics)', 'Home & Garden', 'Motors', 'Boats']));
  });

  it('shows live results only past two characters, from the api, and forgives a typo', async () => {
    const { user } = renderSearch();
    await user.type(field(), 'he');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-expanded', 'false');

    await user.clear(field());
    await user.type(field(), 'hedphone');
    const results = await screen.findByRole('listbox', { name: 'Search suggestions' });
    const options = await within(results).findAllByRole('option');
    expect(options.length).toBeGreaterThan(2);
    expect(options.length).toBeLessThanOrEqual(10);
    expect(options[0]).toHaveTextContent('Electronics › Headphone');
    expect(within(results).getByRole('group', { name: 'Products' })).toHaveTextContent(/Headphones/);
    expect(options[options.length - 1]).toHaveTextContent('See all results for “hedphone”');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the results with the arrows, opens one with Enter, and Esc closes the list', async () => {
    const { user } = renderSearch();
    await user.type(field(), 'headphones');
    const results = await screen.findByRole('listbox');
    const options = await within(results).findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = options[1];
    expect(field()).toHaveAttribute('aria-activedescendant', second?.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field()).toHaveValue('headphones');

    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(location()).toMatch(/^\/product\?id=[a-z0-9-]+$/));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('submits to /shop with the text and the chosen category', async () => {
    const { user } = renderSearch();
    const select = screen.getByLabelText('Search in');
    await within(select).findByRole('option', { name: /T-shirts/ });
    await user.selectOptions(select, 'fashion');
    await user.type(field(), 'linen shirt');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/shop?category=fashion&search=linen+shirt'));
  });

  it('needs some text', async () => {
    const { user } = renderSearch();
    await user.type(field(), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Type what you are looking for.');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveFocus();
    expect(location()).toBe('/');
  });

  it('takes over from the shell’s plain box: the typed text, the focus with the caret at the end, and the live results', async () => {
    const { user } = renderSearch({ initialText: 'headph', autoFocus: 'text' });
    expect(field()).toHaveValue('headph');
    expect(field()).toHaveFocus();
    expect(field()).toHaveProperty('selectionStart', 6);
    const results = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(within(results).getByRole('group', { name: 'Products' })).toHaveTextContent(/Headphones/);
    await user.type(field(), 'ones');
    expect(field()).toHaveValue('headphones');
  });

  it('takes the focus on its category selector when that is where the shopper was, and none when no field had it', () => {
    const first = renderSearch({ autoFocus: 'category' });
    expect(screen.getByLabelText('Search in')).toHaveFocus();
    expect(field()).toHaveValue('');
    first.unmount();
    renderSearch({ initialText: 'socks' });
    expect(field()).toHaveValue('socks');
    expect(field()).not.toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
