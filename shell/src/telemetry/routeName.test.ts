import { TelemetryReportSchema } from '@storefront/contracts';
import { Value } from 'typebox/value';
import { routeName } from './routeName';

describe('the route’s name in the page view’s report', () => {
  it.each([
    ['/', 'home'],
    ['/shop/dresses', 'shop'],
    ['/product/summer-dress-42', 'product'],
    ['/cart', 'cart'],
    ['/wishlist', 'wishlist'],
    ['/checkout', 'checkout'],
    ['/checkout/complete/8f1c2a', 'order-complete'],
    ['/forgot-password', 'forgot-password'],
    ['/account/orders/17', 'account'],
    ['/order-status', 'order-lookup'],
    ['/about', 'about'],
    ['/legal/returns', 'legal'],
    ['/newsletter/unsubscribe', 'newsletter'],
    ['/legal/no-such-policy', 'not-found'],
    ['/no-such-page', 'not-found'],
  ])('%s is %s: a name the report takes, never the address or an id in it', (pathname, name) => {
    expect(routeName(pathname)).toBe(name);
    expect(Value.Check(TelemetryReportSchema, { token: 'signed-token', route: routeName(pathname) })).toBe(true);
  });
});
