import { formatRand, Route, Routes, useLocation } from '@storefront/shared';
import { refusedOrderMove } from '@storefront/shared/domain';
import { createTestStore, renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { operatorApi } from '../features/operator/operatorApi';
import {
  moveAsCommandLine,
  placeOrder,
  recordedShopper,
  registerShopper,
  signedInOperator,
  uniqueEmail,
  type RecordedShopper,
  type SentRequest,
} from '../features/orders/orderTestKit';
import OperatorPage from './OperatorPage';

jest.setTimeout(60_000);

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}

function renderOperator(route: string, store = createTestStore()) {
  return renderWithStore(
    <>
      <Routes>
        <Route path="/operator/*" element={<OperatorPage />} />
      </Routes>
      <Where />
    </>,
    { route, store },
  );
}

function location(): string {
  return screen.getByLabelText('location').textContent ?? '';
}

/** The list requests the page sent, as the api read their search. */
function listRequests(sent: readonly SentRequest[]): URLSearchParams[] {
  return sent.filter(({ method, url }) => method === 'GET' && url.pathname.endsWith('/operator/orders')).map(({ url }) => url.searchParams);
}

function moves(sent: readonly SentRequest[]): unknown[] {
  return sent.filter(({ method, url }) => method === 'POST' && url.pathname.endsWith('/moves')).map(({ body }) => JSON.parse(body) as unknown);
}

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

describe('OperatorPage: who may see it', () => {
  it('asks a guest to sign in, and comes back to the operator page', async () => {
    renderOperator('/operator');
    expect(await screen.findByText(/Sign in with an operator’s account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=/operator');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('tells a signed-in shopper the page is for the shop’s operators, and so does the api', async () => {
    const shopper = recordedShopper();
    await registerShopper(shopper.store);
    renderOperator('/operator/orders/JAC-2026-000001', shopper.store);
    expect(await screen.findByText('This part of the store is for the shop’s operators.')).toBeInTheDocument();
    // The page decides from the account, before asking for any order.
    expect(shopper.sent.some(({ url }) => url.pathname.includes('/operator/'))).toBe(false);
    const answer = await shopper.fetch(`${testApiUrl()}/operator/orders`);
    expect(answer.status).toBe(403);
  });
});

describe('OperatorPage: the list', () => {
  let operator: RecordedShopper;
  let email: string;
  let paidNumber: string;

  beforeAll(async () => {
    operator = await signedInOperator();
    email = uniqueEmail('zanele');
    const order = await placeOrder(recordedShopper(), {
      contact: { first_name: 'Zanele', last_name: 'Khumalo', email },
      delivery: { method: 'collect' },
      payment_method: 'eft',
    });
    await moveAsCommandLine(order.number, { to: 'paid', reference: 'FNB 4471' });
    paidNumber = order.number;
  });

  beforeEach(() => {
    operator.sent.length = 0;
  });

  it('shows the paid totals of today and this month, as the api counts them', async () => {
    renderOperator('/operator', operator.store);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    const totals = await screen.findByText('Paid today');
    // The answer the page drew, from the cache it drew it from.
    const summary = await operator.store.dispatch(operatorApi.endpoints.getOperatorSummary.initiate()).unwrap();
    expect(summary.today.count).toBeGreaterThanOrEqual(1);
    const today = totals.closest('div') as HTMLElement;
    expect(today).toHaveTextContent(formatRand(summary.today.total));
    expect(today).toHaveTextContent(`${summary.today.count} order`);
    const month = screen.getByText('Paid this month').closest('div') as HTMLElement;
    expect(month).toHaveTextContent(formatRand(summary.month.total));
  });

  it('puts the state and the search in the address and sends them to the api; the CSV link carries them', async () => {
    const { user } = renderOperator('/operator', operator.store);
    await screen.findByRole('table');

    await user.selectOptions(screen.getByLabelText('State'), 'Paid');
    await waitFor(() => expect(location()).toBe('/operator?status=paid'));
    await waitFor(() => expect(listRequests(operator.sent).some((params) => params.get('status') === 'paid' && !params.has('q'))).toBe(true));
    await waitFor(() => expect(bodyRows().every((row) => within(row).getByText('Paid'))).toBe(true));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), email);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('q')).toBe(email));
    expect(new URLSearchParams(location().split('?')[1]).get('status')).toBe('paid');
    await waitFor(() => expect(listRequests(operator.sent).some((params) => params.get('q') === email && params.get('status') === 'paid')).toBe(true));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const link = within(bodyRows()[0] as HTMLElement).getByRole('link', { name: paidNumber });
    expect(link).toHaveAttribute('href', `/operator/orders/${paidNumber}`);
    expect(bodyRows()[0]).toHaveTextContent('Zanele Khumalo');

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('download');
    const csvUrl = new URL(csv.getAttribute('href') ?? '');
    expect(`${csvUrl.origin}${csvUrl.pathname}`).toBe(`${testApiUrl()}/operator/orders.csv`);
    expect(csvUrl.searchParams.get('status')).toBe('paid');
    expect(csvUrl.searchParams.get('q')).toBe(email);
  });

  it('starts from the address (a reload or a shared link), and says when nothing matches', async () => {
    const { user } = renderOperator(`/operator?${new URLSearchParams({ q: email }).toString()}`, operator.store);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(email);
    expect(screen.getByLabelText('State')).toHaveValue('');

    await user.selectOptions(screen.getByLabelText('State'), 'Cancelled');
    expect(await screen.findByText('No orders match.')).toBeInTheDocument();
  });

  it('pages through 25 orders at a time, newest first, the page in the address and sent to the api', async () => {
    const many = uniqueEmail('many');
    // Each from a shopper of its own: one shopper may hold only a few unplaced orders.
    const placed = [];
    for (let index = 0; index < 26; index += 1) {
      placed.push(await placeOrder(recordedShopper(), { contact: { email: many }, delivery: { method: 'collect' }, payment_method: 'cod' }));
    }
    const { user } = renderOperator(`/operator?${new URLSearchParams({ q: many }).toString()}`, operator.store);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
    expect(bodyRows()[0]).toHaveTextContent(placed[25]?.number ?? 'the newest');
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(new URLSearchParams(location().split('?')[1]).get('page')).toBe('2');
    expect(listRequests(operator.sent).some((params) => params.get('page') === '2' && params.get('q') === many)).toBe(true);
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent(placed[0]?.number ?? 'the oldest');
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(new URLSearchParams(location().split('?')[1]).has('page')).toBe(false);
  });
});

describe('OperatorPage: an order', () => {
  let operator: RecordedShopper & { user: { email: string } };

  beforeAll(async () => {
    operator = await signedInOperator();
  });

  beforeEach(() => {
    operator.sent.length = 0;
  });

  it('marks an EFT order paid with its reference, packs it and ships it with a tracking number', async () => {
    const order = await placeOrder(recordedShopper(), {
      contact: { first_name: 'Sipho', last_name: 'Dube' },
      delivery: { method: 'delivery', street: '5 Jan Smuts Avenue', suburb: 'Parktown', city: 'Johannesburg', province: 'Gauteng', postal_code: '2193' },
      payment_method: 'eft',
    });
    const { user } = renderOperator(`/operator/orders/${order.number}`, operator.store);
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent('Awaiting payment');
    expect(screen.getByText('5 Jan Smuts Avenue')).toBeInTheDocument();
    expect(screen.getByText('Sipho Dube')).toBeInTheDocument();

    const payForm = screen.getByRole('form', { name: 'Mark paid' });
    await user.click(within(payForm).getByRole('button', { name: 'Mark paid' }));
    expect(within(payForm).getByText('Enter the payment reference from the bank statement')).toBeInTheDocument();
    expect(moves(operator.sent)).toEqual([]);

    await user.type(within(payForm).getByLabelText('Payment reference'), '  FNB 998877 ');
    await user.click(within(payForm).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(`${order.number} is now paid.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Paid'));
    expect(moves(operator.sent)).toEqual([{ to: 'paid', reference: 'FNB 998877' }]);
    expect(screen.getByTestId('payment-reference')).toHaveTextContent('FNB 998877');
    await waitFor(() => expect(screen.getByTestId('order-state').closest('p')).toHaveFocus());
    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.at(-1)).toHaveTextContent('Paid');
    expect(history.at(-1)).toHaveTextContent('Payment reference: FNB 998877');
    expect(history.at(-1)).toHaveTextContent(`by ${operator.user.email}`);

    await user.click(await screen.findByRole('button', { name: 'Mark packed' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Packed'));

    const shipForm = await screen.findByRole('form', { name: 'Ship' });
    await user.type(within(shipForm).getByLabelText('Tracking number (optional)'), 'TCG123456789');
    await user.click(within(shipForm).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Shipped'));
    expect(moves(operator.sent)).toEqual([{ to: 'paid', reference: 'FNB 998877' }, { to: 'packed' }, { to: 'shipped', tracking: 'TCG123456789' }]);
    expect(screen.getByTestId('tracking-number')).toHaveTextContent('TCG123456789');
    expect(screen.queryByRole('button', { name: 'Cancel order…' })).not.toBeInTheDocument();
  });

  it('shows the api’s refusal when someone else moved the order first, and the order as it is now', async () => {
    const order = await placeOrder(recordedShopper(), { delivery: { method: 'collect' }, payment_method: 'cod' });
    const { user } = renderOperator(`/operator/orders/${order.number}`, operator.store);
    const pack = await screen.findByRole('button', { name: 'Mark packed' });
    await moveAsCommandLine(order.number, { to: 'packed' });

    await user.click(pack);
    const refusal = refusedOrderMove({ status: 'packed', delivery_method: 'collect', payment_method: 'cod' }, 'packed');
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal ?? 'a refusal');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(moves(operator.sent)).toEqual([{ to: 'packed' }]);
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Packed'));
    expect(await screen.findByRole('button', { name: 'Mark ready for collection' })).toBeInTheDocument();
  });

  it('cancels only with a reason, confirmed in the form', async () => {
    const order = await placeOrder(recordedShopper(), { delivery: { method: 'collect' }, payment_method: 'cod' });
    const { user } = renderOperator(`/operator/orders/${order.number}`, operator.store);
    await user.click(await screen.findByRole('button', { name: 'Cancel order…' }));
    const cancelForm = screen.getByRole('form', { name: 'Cancel the order' });
    await waitFor(() => expect(within(cancelForm).getByLabelText('Reason for cancelling')).toHaveFocus());

    await user.click(within(cancelForm).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('form', { name: 'Cancel the order' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel order…' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Cancel order…' }));
    const confirm = screen.getByRole('form', { name: 'Cancel the order' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel the order' }));
    expect(within(confirm).getByText('Give the reason for cancelling: the shopper reads it')).toBeInTheDocument();
    expect(moves(operator.sent)).toEqual([]);
    expect(screen.getByTestId('order-state')).toHaveTextContent('Placed');

    await user.type(within(confirm).getByLabelText('Reason for cancelling'), 'The shopper asked us to, by phone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Cancelled'));
    expect(moves(operator.sent)).toEqual([{ to: 'cancelled', reason: 'The shopper asked us to, by phone.' }]);
    expect(within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem').at(-1)).toHaveTextContent(
      'Reason: The shopper asked us to, by phone.',
    );
    expect(screen.getByText('The order is cancelled: nothing moves it on.')).toBeInTheDocument();
  });

  it('says so for an order that does not exist', async () => {
    renderOperator('/operator/orders/JAC-1999-999999', operator.store);
    expect(await screen.findByText('There is no order JAC-1999-999999.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/operator');
  });
});
