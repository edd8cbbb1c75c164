import type { CartItem } from './index';
import { SAMPLE_CART } from './api/sampleData';
import { emitStorefrontEvent, onStorefrontEvent } from './events';

const line = SAMPLE_CART[0] as CartItem;

describe('storefront events', () => {
  afterEach(() => jest.useRealTimers());

  it('reach the listeners there are, and no longer once unsubscribed', () => {
    const heard: string[] = [];
    const off = onStorefrontEvent('cart:item-added', ({ line: added }) => heard.push(added.name));
    emitStorefrontEvent('cart:item-added', { line });
    off();
    emitStorefrontEvent('cart:item-added', { line });
    expect(heard).toEqual([line.name]);
    // The second one was unheard: it goes to the next listener that catches up, once.
    const late: string[] = [];
    onStorefrontEvent('cart:item-added', ({ line: added }) => late.push(added.name), { catchUpWithinMs: 60_000 })();
    onStorefrontEvent('cart:item-added', ({ line: added }) => late.push(added.name), { catchUpWithinMs: 60_000 })();
    expect(late).toEqual([line.name]);
  });

  it('an event nobody heard reaches a late listener that catches up, if it is recent enough', () => {
    jest.useFakeTimers();
    emitStorefrontEvent('wishlist:item-removed', { productId: 'old' });
    jest.advanceTimersByTime(5_000);
    emitStorefrontEvent('wishlist:item-removed', { productId: 'new' });
    jest.advanceTimersByTime(1_000);
    const heard: string[] = [];
    const off = onStorefrontEvent('wishlist:item-removed', ({ productId }) => heard.push(productId), { catchUpWithinMs: 3_000 });
    expect(heard).toEqual(['new']);
    off();
  });

  it('a late listener that does not ask to catch up hears only what comes after it', () => {
    emitStorefrontEvent('wishlist:item-removed', { productId: 'before' });
    const heard: string[] = [];
    const off = onStorefrontEvent('wishlist:item-removed', ({ productId }) => heard.push(productId));
    emitStorefrontEvent('wishlist:item-removed', { productId: 'after' });
    off();
    expect(heard).toEqual(['after']);
  });

  it('an event someone heard is not replayed to a later listener', () => {
    const off = onStorefrontEvent('cart:item-removed', () => undefined);
    emitStorefrontEvent('cart:item-removed', { line });
    off();
    const heard: CartItem[] = [];
    onStorefrontEvent('cart:item-removed', ({ line: removed }) => heard.push(removed), { catchUpWithinMs: 60_000 })();
    expect(heard).toEqual([]);
  });
});
