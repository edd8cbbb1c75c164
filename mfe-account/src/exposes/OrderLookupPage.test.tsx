import { Route, Routes, useLocation } from '@storefront/shared';
import { renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { moveAsCommandLine, placeOrder, recordedShopper, uniqueEmail, type SentRequest } from '../features/orders/orderTestKit';
import OrderLookupPage from './OrderLookupPage';

jest.setTimeout(30_000);

// The api allows a client address 10 look-ups in 10 minutes, and every web test comes from
// 127.0.0.1: these tests use a few, and the last one uses up the rest on purpose.

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}

function renderLookup(route: string) {
  const guest = recordedShopper();
  const rendered = renderWithStore(
    <>
      <Routes>
        <Route path="/order-status" element={<OrderLookupPage />} />
      </Routes>
      <Where />
    </>,
    { route, store: guest.store },
  );
  return { ...rendered, sent: guest.sent };
}

function lookups(sent: readonly SentRequest[]): unknown[] {
  return sent.filter(({ url }) => url.pathname.endsWith('/orders/lookup')).map(({ body }) => JSON.parse(body) as unknown);
}

describe('OrderLookupPage', () => {
  it('finds a guest’s order by its number, typed in lower case, and the email; the address keeps the number only', async () => {
    const email = uniqueEmail('guest');
    const order = await placeOrder(recordedShopper(), {
      contact: { first_name: 'Ayanda', email },
      delivery: { method: 'delivery', street: '3 Rissik Street', suburb: 'Marshalltown', city: 'Johannesburg', province: 'Gauteng', postal_code: '2001' },
      payment_method: 'cod',
    });
    await moveAsCommandLine(order.number, { to: 'packed' });
    await moveAsCommandLine(order.number, { to: 'shipped', tracking: 'RAM-70012' });

    const { user, sent } = renderLookup('/order-status');
    expect(screen.getByRole('heading', { level: 1, name: 'Track an order' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Order number'), `  ${order.number.toLowerCase()} `);
    await user.type(screen.getByLabelText('Email address'), email);
    await user.click(screen.getByRole('button', { name: 'Find the order' }));

    const found = await screen.findByRole('region', { name: `Order ${order.number}` });
    await waitFor(() => expect(screen.getByRole('heading', { name: `Order ${order.number}` })).toHaveFocus());
    expect(lookups(sent)).toEqual([{ number: order.number, email }]);
    expect(within(found).getByTestId('order-state')).toHaveTextContent('Shipped');
    expect(within(found).getByTestId('tracking-number')).toHaveTextContent('RAM-70012');
    const events = within(within(found).getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(events).toHaveLength(3);
    expect(events[2]).toHaveTextContent('Tracking number: RAM-70012');
    expect(within(found).getByText(order.lines[0]?.name ?? 'the line')).toBeInTheDocument();
    expect(found).toHaveTextContent(`Total`);
    // Where it goes, by town, and the phone's last digits: never the street, suburb, postal code or whole number.
    expect(within(found).getByText('Delivery to').nextElementSibling).toHaveTextContent(/^Johannesburg$/);
    expect(within(found).getByText('Phone').nextElementSibling).toHaveTextContent(/^Ending 4567$/);
    expect(found).toHaveTextContent('only the town and the last digits of your phone number are shown here');
    for (const hidden of ['3 Rissik Street', 'Marshalltown', '2001', '721234567']) expect(found).not.toHaveTextContent(hidden);

    // The number is written into the address once the order is shown (a navigation of its own).
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(`/order-status?number=${order.number}`));
    expect(screen.getByLabelText('location')).not.toHaveTextContent(/@|%40/);
  });

  it('says an order collected in store is collected, with the phone’s last digits', async () => {
    const email = uniqueEmail('collector');
    const order = await placeOrder(recordedShopper(), { contact: { email, phone: '+27839990042' }, delivery: { method: 'collect' }, payment_method: 'cod' });
    const { user } = renderLookup(`/order-status?number=${order.number}`);
    await user.type(screen.getByLabelText('Email address'), email);
    await user.click(screen.getByRole('button', { name: 'Find the order' }));
    const found = await screen.findByRole('region', { name: `Order ${order.number}` });
    expect(within(found).getByText('Collection').nextElementSibling).toHaveTextContent(/^In store$/);
    expect(within(found).getByText('Phone').nextElementSibling).toHaveTextContent(/^Ending 0042$/);
    expect(within(found).queryByText('Delivery to')).not.toBeInTheDocument();
  });

  it('starts from the number in the address, and checks both fields before asking', async () => {
    const { user, sent } = renderLookup('/order-status?number=JAC-2026-000042');
    expect(screen.getByLabelText('Order number')).toHaveValue('JAC-2026-000042');
    await user.clear(screen.getByLabelText('Order number'));
    await user.type(screen.getByLabelText('Order number'), '42');
    await user.click(screen.getByRole('button', { name: 'Find the order' }));
    expect(screen.getByText('Enter the order number as on your confirmation, e.g. JAC-2026-000123')).toBeInTheDocument();
    expect(screen.getByText('Email address is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveAttribute('aria-invalid', 'true');
    expect(lookups(sent)).toEqual([]);
  });

  it('gives the api’s answer when the number and the email do not match an order', async () => {
    const order = await placeOrder(recordedShopper(), { delivery: { method: 'collect' }, payment_method: 'cod' });
    const { user } = renderLookup(`/order-status?number=${order.number}`);
    await user.type(screen.getByLabelText('Email address'), 'someone.else@example.co.za');
    await user.click(screen.getByRole('button', { name: 'Find the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find an order with that number and email.');
    expect(screen.queryByRole('region', { name: `Order ${order.number}` })).not.toBeInTheDocument();
  });

  it('gives the api’s answer when there have been too many look-ups', async () => {
    // Uses up what is left of this address's look-ups, as a guessing script would.
    for (let tries = 0; tries < 20; tries += 1) {
      const answer = await fetch(`${testApiUrl()}/orders/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: 'JAC-1999-000001', email: 'nobody@example.co.za' }),
      });
      if (answer.status === 429) break;
    }
    const { user } = renderLookup('/order-status?number=JAC-1999-000002');
    await user.type(screen.getByLabelText('Email address'), 'nobody@example.co.za');
    await user.click(screen.getByRole('button', { name: 'Find the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/You have looked up several orders in a short while/);
  });
});
