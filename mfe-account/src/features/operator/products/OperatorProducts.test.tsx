import { formatRand, Route, Routes, useLocation } from '@storefront/shared';
import { renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import OperatorPage from '../../../exposes/OperatorPage';
import { recordedShopper, signedInOperator, type RecordedShopper } from '../../orders/orderTestKit';
import type { EditableProduct } from './productsApi';
import {
  createProductThroughApi,
  draftProduct,
  productFromApi,
  sentBodies,
  signedInCatalogueOperator,
  tinyPng,
  uniqueProductName,
  updateProductThroughApi,
} from './productTestKit';

jest.setTimeout(60_000);

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}

function renderOperator(route: string, operator: RecordedShopper) {
  return renderWithStore(
    <>
      <Routes>
        <Route path="/operator/*" element={<OperatorPage />} />
      </Routes>
      <Where />
    </>,
    { route, store: operator.store },
  );
}

function location(): string {
  return screen.getByLabelText('location').textContent ?? '';
}

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

function listRequests(operator: RecordedShopper): URLSearchParams[] {
  return operator.sent.filter(({ method, url }) => method === 'GET' && url.pathname.endsWith('/operator/products')).map(({ url }) => url.searchParams);
}

describe('Operator products: who may edit the catalogue', () => {
  it('shows an operator without the catalogue role the api’s reason, and no products', async () => {
    const operator = await signedInOperator(recordedShopper());
    renderOperator('/operator/products', operator);
    const notice = await screen.findByTestId('operator-access');
    expect(notice).toHaveTextContent(/needs the catalogue role/);
    expect(notice).toHaveTextContent('npm run operators -- add');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    // Orders | Products, on every operator page.
    const nav = screen.getByRole('navigation', { name: 'Operator pages' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/operator');
  });
});

describe('Operator products: the list', () => {
  let operator: RecordedShopper;

  beforeAll(async () => {
    operator = await signedInCatalogueOperator();
  });

  beforeEach(() => {
    operator.sent.length = 0;
  });

  it('finds a product by the search in the address, and links to its page', async () => {
    const token = uniqueProductName('Shweshwe').split(' ')[1] ?? 'token';
    const created = await createProductThroughApi(operator, draftProduct({ name: `Shweshwe apron ${token}`, price: 349.9 }));
    const { user } = renderOperator('/operator/products', operator);
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New product' })).toHaveAttribute('href', '/operator/products/new');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), token);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe(`/operator/products?q=${token}`));
    await waitFor(() => expect(listRequests(operator).some((params) => params.get('q') === token)).toBe(true));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const row = bodyRows()[0] as HTMLElement;
    expect(within(row).getByRole('link', { name: `Shweshwe apron ${token}` })).toHaveAttribute('href', `/operator/products/${created.id}`);
    expect(row).toHaveTextContent(created.sku);
    expect(row).toHaveTextContent(formatRand(349.9));
    expect(row).toHaveTextContent('Draft');
  });

  it('pages through the products 25 at a time, the page in the address and sent to the api', async () => {
    const { user } = renderOperator('/operator/products', operator);
    expect(await screen.findByText(/^Page 1 of \d+$/)).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    const firstPage = bodyRows().map((row) => row.textContent);

    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText(/^Page 2 of \d+$/)).toBeInTheDocument();
    expect(location()).toBe('/operator/products?page=2');
    expect(listRequests(operator).some((params) => params.get('page') === '2')).toBe(true);
    await waitFor(() => expect(bodyRows()[0]?.textContent).not.toBe(firstPage[0]));
    expect(firstPage).not.toContain(bodyRows()[0]?.textContent);

    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(await screen.findByText(/^Page 1 of \d+$/)).toBeInTheDocument();
    expect(location()).toBe('/operator/products');
  });

  it('starts from the address, and says when nothing matches', async () => {
    const missing = `nothing-${Date.now()}`;
    renderOperator(`/operator/products?q=${missing}`, operator);
    expect(await screen.findByText(`No products match “${missing}”.`)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(missing);
    expect(listRequests(operator).some((params) => params.get('q') === missing)).toBe(true);
    expect(screen.getByRole('link', { name: 'Show every product' })).toHaveAttribute('href', '/operator/products');
  });
});

describe('Operator products: one product', () => {
  let operator: RecordedShopper & { user: { email: string } };

  beforeAll(async () => {
    operator = await signedInCatalogueOperator();
  });

  beforeEach(() => {
    operator.sent.length = 0;
  });

  it('creates a product through the form, then shows its page', async () => {
    const name = uniqueProductName('Indigo wrap dress');
    const { user } = renderOperator('/operator/products/new', operator);
    expect(await screen.findByRole('heading', { level: 1, name: 'New product' })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'New product' });

    // The form's own rules first: nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the product’s name')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveFocus());
    expect(sentBodies(operator, 'POST', /\/operator\/products$/)).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), name);
    await user.type(within(form).getByLabelText('Description'), 'Cotton, dyed by hand.');
    await user.clear(within(form).getByLabelText('Price (R)'));
    await user.type(within(form).getByLabelText('Price (R)'), '1 299,50');
    await user.tab();
    expect(within(form).getByLabelText('Price (R)')).toHaveValue('1299.50');
    await user.click(within(form).getByRole('checkbox', { name: 'On sale' }));
    await user.type(within(form).getByLabelText('Sale price (R)'), '1400');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The sale price must be below the price')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Sale price (R)'));
    await user.type(within(form).getByLabelText('Sale price (R)'), '999');
    await user.click(within(form).getByRole('checkbox', { name: 'Published' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location()).toMatch(/^\/operator\/products\/[^/]+$/));
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const [sent] = sentBodies(operator, 'POST', /\/operator\/products$/) as { product: EditableProduct }[];
    expect(sent?.product).toMatchObject({ name, description: 'Cotton, dyed by hand.', price: 1299.5, sale: { price: 999, starts_at: null, ends_at: null }, published: true });
    const id = decodeURIComponent(location().split('/').at(-1) ?? '');
    const link = screen.getByRole('link', { name: 'View in the store' });
    expect(link.getAttribute('href')).toMatch(/^\/product\?id=.+/);
    // The page is the saved product's, as the api has it now.
    const details = screen.getByRole('form', { name: 'Product details' });
    expect(within(details).getByLabelText('Name')).toHaveValue(name);
    expect(within(details).getByLabelText('Price (R)')).toHaveValue('1299.50');
    expect(within(details).getByLabelText('Sale price (R)')).toHaveValue('999.00');
    expect(id).not.toBe('new');
  });

  it('says when someone else saved first, keeps what was typed, and saves again from the saved version', async () => {
    const created = await createProductThroughApi(operator, draftProduct({ price: 499 }));
    const colleague = await signedInCatalogueOperator();
    const { user } = renderOperator(`/operator/products/${created.id}`, operator);
    const form = await screen.findByRole('form', { name: 'Product details' });
    expect(within(form).getByLabelText('Name')).toHaveValue(created.product.name);

    const theirs: EditableProduct = { ...created.product, price: 599 };
    await updateProductThroughApi(colleague, created.id, created.product, theirs);

    const mine = `${created.product.name} (new season)`;
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), mine);
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const conflict = await within(form).findByTestId('edit-conflict');
    expect(conflict).toHaveAttribute('role', 'alert');
    expect(within(conflict).getByText('Price')).toBeInTheDocument();
    expect(conflict).toHaveTextContent(`Price: now ${formatRand(599)}`);
    await waitFor(() => expect(conflict).toHaveFocus());
    // Nothing of what was typed is lost, and nothing was saved.
    expect(within(form).getByLabelText('Name')).toHaveValue(mine);
    expect(within(form).getByLabelText('Price (R)')).toHaveValue('499.00');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(created.product.name);

    await user.click(within(conflict).getByRole('button', { name: 'Load the saved version' }));
    expect(within(form).queryByTestId('edit-conflict')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Price (R)')).toHaveValue('599.00');
    expect(within(form).getByLabelText('Name')).toHaveValue(created.product.name);

    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), mine);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(mine));
    const saves = sentBodies(operator, 'PUT', new RegExp(`/operator/products/${created.id}$`)) as { base: EditableProduct; next: EditableProduct }[];
    expect(saves).toHaveLength(2);
    expect(saves[0]?.base.price).toBe(499);
    expect(saves[1]?.base).toEqual(theirs);
    expect(saves[1]?.next).toEqual({ ...theirs, name: mine });
  });

  it('changes the stock and shows the change in the history', async () => {
    const created = await createProductThroughApi(operator, draftProduct());
    const { user } = renderOperator(`/operator/products/${created.id}`, operator);
    const stock = await screen.findByRole('region', { name: 'Stock' });
    const variant = created.variants[0];
    if (!variant) throw new Error('a product without colours or sizes has one variant, itself');
    const form = within(stock).getByRole('form', { name: 'Change the stock' });
    // Something typed in the details, not saved yet: a stock change does not wipe it.
    const details = screen.getByRole('form', { name: 'Product details' });
    await user.type(within(details).getByLabelText('Name'), ' (spring)');

    await user.selectOptions(within(form).getByLabelText('Reason'), 'Counted');
    expect(within(form).getByText(/Count every unit in the shop, those set aside for orders too: \d+ (is|are) held by open orders\./)).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Reason'), 'Received');
    await user.type(within(form).getByLabelText('Quantity'), '3');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Delivery note 4471');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    const history = await within(stock).findByRole('region', { name: 'History' });
    const row = await within(history).findByRole('row', { name: /Delivery note 4471/ });
    expect(row).toHaveTextContent('Received');
    expect(row).toHaveTextContent('+3');
    expect(row).toHaveTextContent(variant.sku);
    expect(row).toHaveTextContent(operator.user.email);
    expect(row).toHaveTextContent(String(variant.stock + 3));
    expect(await screen.findByText(`${variant.sku} now has ${variant.stock + 3} in stock.`)).toBeInTheDocument();
    const variants = within(stock).getByRole('table', { name: 'Stock by variant' });
    expect(within(variants).getByRole('row', { name: new RegExp(variant.sku) })).toHaveTextContent(String(variant.stock + 3));
    expect(sentBodies(operator, 'POST', /\/stock$/)).toEqual([{ sku: variant.sku, reason: 'received', quantity: 3, note: 'Delivery note 4471' }]);
    // Ready for the next change.
    await waitFor(() => expect(within(form).getByLabelText('Quantity')).toHaveValue(''));
    expect(within(details).getByLabelText('Name')).toHaveValue(`${created.product.name} (spring)`);

    // More damaged than there is: the api refuses, and the page says why beside the quantity.
    await user.selectOptions(within(form).getByLabelText('Reason'), 'Damaged or lost');
    await user.type(within(form).getByLabelText('Quantity'), '100000');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    const quantity = within(form).getByLabelText('Quantity');
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(new RegExp(`Only ${variant.stock + 3} in stock`)));
    await waitFor(() => expect(quantity).toHaveFocus());
    expect(within(history).getAllByRole('row')).toHaveLength(2);
  });

  it('adds pictures, orders them with their colour and alt text, saves the arrangement, and removes one', async () => {
    const created = await createProductThroughApi(operator, draftProduct({ colours: ['black', 'blue'] }));
    const { user } = renderOperator(`/operator/products/${created.id}`, operator);
    const pictures = await screen.findByRole('region', { name: 'Pictures' });
    const fileInput = within(pictures).getByLabelText('Add a picture');
    expect(fileInput).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif');

    await user.upload(fileInput, new File([tinyPng([15, 118, 110])], 'front.png', { type: 'image/png' }));
    await within(pictures).findByRole('group', { name: 'Picture 1' });
    await user.upload(fileInput, new File([tinyPng([234, 88, 12])], 'back.png', { type: 'image/png' }));
    await within(pictures).findByRole('group', { name: 'Picture 2' });
    const uploads = operator.sent.filter(({ method, url }) => method === 'POST' && url.pathname.endsWith(`/operator/products/${created.id}/pictures`));
    expect(uploads).toHaveLength(2);

    // Not a picture: the api says so, and nothing is added.
    await user.upload(fileInput, new File(['just some words'], 'notes.png', { type: 'image/png' }));
    expect(await within(pictures).findByRole('alert')).toHaveTextContent('not a picture');
    expect(within(pictures).queryByRole('group', { name: 'Picture 3' })).not.toBeInTheDocument();

    const second = within(pictures).getByRole('group', { name: 'Picture 2' });
    await user.selectOptions(within(second).getByLabelText('Colour'), 'Blue');
    await user.type(within(second).getByLabelText('Alt text'), 'Back view');
    await user.click(within(second).getByRole('button', { name: 'Move up' }));
    const first = within(pictures).getByRole('group', { name: 'Picture 1' });
    expect(within(first).getByLabelText('Alt text')).toHaveValue('Back view');
    // At the top it cannot move up again: focus stays with it, on the button that still works.
    await waitFor(() => expect(within(first).getByRole('button', { name: 'Move down' })).toHaveFocus());
    const now = within(pictures).getByRole('group', { name: 'Picture 2' });
    await user.selectOptions(within(now).getByLabelText('Colour'), 'Black');
    await user.type(within(now).getByLabelText('Alt text'), 'Front view');
    await user.click(within(pictures).getByRole('button', { name: 'Save pictures' }));
    expect(await screen.findByText('Pictures saved.')).toBeInTheDocument();
    expect(sentBodies(operator, 'PUT', /\/pictures$/)).toEqual([
      {
        pictures: [
          { position: 2, colour: 'blue', alt: 'Back view' },
          { position: 1, colour: 'black', alt: 'Front view' },
        ],
      },
    ]);
    const saved = await productFromApi(operator, created.id);
    expect(saved.pictures.map(({ position, colour, alt }) => ({ position, colour, alt }))).toEqual([
      { position: 1, colour: 'blue', alt: 'Back view' },
      { position: 2, colour: 'black', alt: 'Front view' },
    ]);

    await user.click(within(within(pictures).getByRole('group', { name: 'Picture 1' })).getByRole('button', { name: 'Remove' }));
    expect(within(pictures).queryByRole('group', { name: 'Picture 2' })).not.toBeInTheDocument();
    await user.click(within(pictures).getByRole('button', { name: 'Save pictures' }));
    await waitFor(async () => expect((await productFromApi(operator, created.id)).pictures.map(({ alt }) => alt)).toEqual(['Front view']));
    await waitFor(() => expect(within(within(pictures).getByRole('group', { name: 'Picture 1' })).getByLabelText('Alt text')).toHaveValue('Front view'));
  });
});
