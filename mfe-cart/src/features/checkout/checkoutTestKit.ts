import { baseApi, type Order, type Product, randomId } from '@storefront/shared';
import type { createTestStore } from '@storefront/shared/testing';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { placeOrderApi } from '../orders/ordersApi';

type TestStore = ReturnType<typeof createTestStore>;

/**
 * A product from the real test api. Picked from the end of the catalogue, so the stock these
 * tests take is not what other suites, which pick from the start, are counting on.
 */
export async function productFromTheEnd(store: TestStore, test: (product: Product) => boolean): Promise<Product> {
  const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
  const product = [...page.products].reverse().find(test);
  if (!product) throw new Error('the seed has no suitable product');
  return product;
}

export const THANDI = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.co.za',
  phoneTyped: '082 123 4567',
  phone: '+27821234567',
  street: '12 Long Street',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
} as const;

/** Fills the checkout as a shopper would, by label; the address only when delivery is chosen. */
export async function fillCheckoutForm(user: UserEvent, { withAddress = true } = {}): Promise<void> {
  await user.type(screen.getByLabelText('First name'), THANDI.firstName);
  await user.type(screen.getByLabelText('Last name'), THANDI.lastName);
  await user.type(screen.getByLabelText('Email address'), THANDI.email);
  await user.type(screen.getByLabelText('Phone number'), THANDI.phoneTyped);
  if (!withAddress) return;
  await user.type(screen.getByLabelText('Street address'), THANDI.street);
  await user.type(screen.getByLabelText('Suburb'), THANDI.suburb);
  await user.type(screen.getByLabelText('City or town'), THANDI.city);
  await user.selectOptions(screen.getByLabelText('Province'), THANDI.province);
  await user.type(screen.getByLabelText('Postal code'), THANDI.postalCode);
}

/** Presses Review order on the details step and waits for the review, whose heading then has focus. */
export async function openReview(user: UserEvent): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'Review order' }));
  return screen.findByRole('heading', { level: 2, name: 'Review your order' });
}

/** Places the shopper's cart as a cash order collected in store, as another shopper (Sipho) would. */
export function placeCashOrder(store: TestStore): Promise<Order> {
  return store
    .dispatch(
      placeOrderApi.endpoints.placeOrder.initiate({
        idempotencyKey: randomId(32),
        request: {
          contact: { first_name: 'Sipho', last_name: 'Dube', email: 'sipho@example.co.za', phone: '+27831234567' },
          delivery: { method: 'collect' },
          payment_method: 'cod',
        },
      }),
    )
    .unwrap();
}
