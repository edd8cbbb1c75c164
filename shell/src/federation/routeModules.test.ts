import { modulesForPath } from './routeModules';

describe('modulesForPath', () => {
  it('names the page module, and nothing else: the header search loads when reached for', () => {
    expect(modulesForPath('/product/sticky-cart/a-tee')).toEqual([{ remote: 'mfe-product', module: 'ProductPage' }]);
    expect(modulesForPath('/')).toEqual([{ remote: 'mfe-catalog', module: 'HomePage' }]);
    expect(modulesForPath('/shop/list')).toEqual([{ remote: 'mfe-catalog', module: 'ShopPage' }]);
    expect(modulesForPath('/checkout/complete/42')).toEqual([{ remote: 'mfe-cart', module: 'OrderCompletePage' }]);
    expect(modulesForPath('/checkout')).toEqual([{ remote: 'mfe-cart', module: 'CheckoutPage' }]);
    expect(modulesForPath('/operator')).toEqual([{ remote: 'mfe-account', module: 'OperatorPage' }]);
    expect(modulesForPath('/operator/orders/JAC-2026-000123')).toEqual([{ remote: 'mfe-account', module: 'OperatorPage' }]);
    expect(modulesForPath('/order-status')).toEqual([{ remote: 'mfe-account', module: 'OrderLookupPage' }]);
  });

  it('names none on a page no remote owns', () => {
    expect(modulesForPath('/no-such-page')).toEqual([]);
    expect(modulesForPath('/about')).toEqual([]);
    expect(modulesForPath('/operators')).toEqual([]);
  });
});
