import { modulesForPath } from './routeModules';

describe('modulesForPath', () => {
  it('names the page module and the header search every page has, not the popup that waits for an interaction', () => {
    expect(modulesForPath('/product/sticky-cart/a-tee')).toEqual([
      { remote: 'mfe-product', module: 'ProductPage' },
      { remote: 'mfe-catalog', module: 'HeaderSearch' },
    ]);
    expect(modulesForPath('/')[0]).toEqual({ remote: 'mfe-catalog', module: 'HomePage' });
    expect(modulesForPath('/checkout/complete/42')[0]).toEqual({ remote: 'mfe-cart', module: 'OrderCompletePage' });
    expect(modulesForPath('/checkout')[0]).toEqual({ remote: 'mfe-cart', module: 'CheckoutPage' });
  });

  it('preloads only the shared regions on a page no remote owns', () => {
    expect(modulesForPath('/no-such-page')).toEqual([{ remote: 'mfe-catalog', module: 'HeaderSearch' }]);
  });
});
