import { modulesForPath } from './routeModules';

describe('modulesForPath', () => {
  it('names the page module and, on a desktop, the header search', () => {
    expect(modulesForPath('/product/sticky-cart/a-tee', { desktop: true })).toEqual([
      { remote: 'mfe-product', module: 'ProductPage' },
      { remote: 'mfe-catalog', module: 'HeaderSearch' },
    ]);
    expect(modulesForPath('/', { desktop: true })[0]).toEqual({ remote: 'mfe-catalog', module: 'HomePage' });
    expect(modulesForPath('/checkout/complete/42', { desktop: true })[0]).toEqual({ remote: 'mfe-cart', module: 'OrderCompletePage' });
    expect(modulesForPath('/checkout', { desktop: true })[0]).toEqual({ remote: 'mfe-cart', module: 'CheckoutPage' });
  });

  it('leaves the header search out on a phone, whose header has none', () => {
    expect(modulesForPath('/product/sticky-cart/a-tee', { desktop: false })).toEqual([{ remote: 'mfe-product', module: 'ProductPage' }]);
  });

  it('preloads only the header search on a page no remote owns', () => {
    expect(modulesForPath('/no-such-page', { desktop: true })).toEqual([{ remote: 'mfe-catalog', module: 'HeaderSearch' }]);
    expect(modulesForPath('/no-such-page', { desktop: false })).toEqual([]);
  });
});
