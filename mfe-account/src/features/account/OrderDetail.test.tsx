import { Route, Routes } from '@storefront/shared';
import { renderWithStore } from '@storefront/shared/testing';
import { screen, within } from '@testing-library/react';
import { moveAsCommandLine, placeOrder, recordedShopper, registerShopper } from '../orders/orderTestKit';
import { OrderDetail } from './OrderDetail';
import { OrdersSection } from './OrdersSection';

jest.setTimeout(30_000);

function renderOrders(route: string, store: ReturnType<typeof recordedShopper>['store']) {
  return renderWithStore(
    <Routes>
      <Route path="/account/orders" element={<OrdersSection />} />
      <Route path="/account/orders/:id" element={<OrderDetail />} />
    </Routes>,
    { route, store },
  );
}

describe('a shopper follows their order', () => {
  it('sees a shipped order’s history in words, with the tracking number', async () => {
    const shopper = recordedShopper();
    await registerShopper(shopper.store, 'Thabo');
    const order = await placeOrder(shopper, {
      delivery: { method: 'delivery', street: '9 Church Street', suburb: 'Arcadia', city: 'Pretoria', province: 'Gauteng', postal_code: '0083' },
      payment_method: 'cod',
    });
    await moveAsCommandLine(order.number, { to: 'packed' });
    await moveAsCommandLine(order.number, { to: 'shipped', tracking: 'TCG 5550123' });

    renderOrders(`/account/orders/${order.id}`, shopper.store);
    expect(await screen.findByRole('heading', { name: `Order ${order.number}` })).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent('Shipped');
    expect(screen.getByTestId('tracking-number')).toHaveTextContent('TCG 5550123');
    const events = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(events.map((event) => within(event).getByRole('strong').textContent)).toEqual(['Placed', 'Packed', 'Shipped']);
    expect(events[2]).toHaveTextContent('Tracking number: TCG 5550123');
    // Shop time, written out: "12 Mar 2026, 14:05" rather than a raw timestamp.
    expect(within(events[0] as HTMLElement).getByText(/\d{2} \w{3} \d{4}, \d{2}:\d{2}/)).toHaveAttribute('datetime', order.history[0]?.at);
    expect(screen.queryByText(/Please pay by/)).not.toBeInTheDocument();
  });

  it('is asked to pay an EFT order by its deadline, and sees the list in words', async () => {
    const shopper = recordedShopper();
    await registerShopper(shopper.store, 'Palesa');
    const order = await placeOrder(shopper, { delivery: { method: 'collect' }, payment_method: 'eft' });
    if (!order.pay_by) throw new Error('an EFT order awaiting payment has a time to pay by');

    const { user } = renderOrders('/account/orders', shopper.store);
    const row = (await screen.findByRole('link', { name: order.number })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Awaiting payment');
    expect(row).not.toHaveTextContent('awaiting_payment');

    await user.click(within(row).getByRole('link', { name: order.number }));
    expect(await screen.findByTestId('order-state')).toHaveTextContent('Awaiting payment');
    const note = screen.getByText(/Please pay by/);
    expect(within(note).getByText(/\d{2} \w{3} \d{4}, \d{2}:\d{2}/)).toHaveAttribute('datetime', order.pay_by);
    expect(note).toHaveTextContent(order.number);
    expect(screen.queryByTestId('tracking-number')).not.toBeInTheDocument();
  });
});
