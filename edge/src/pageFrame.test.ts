/**
 * What the shell's frame is drawn with: other remotes' modules lent from the composed versions'
 * containers (or their fallbacks'), null for one that cannot be had in time, and whether a
 * shopper's list holds a product whose place in it the region shows.
 */
import type { RemoteServerBundle } from '@storefront/shared/ssr/contract';
import { embeddedFrom, frameEmbedsFor, holdsRegionProducts } from './pageFrame';
import { noBundle } from './testing/edgeFixtures';

describe('embeddedFrom', () => {
  const Buy = () => null;
  const cartEntry = (version: string) => ({ version, manifest: `http://cart.test/releases/${version}/mf-manifest.json` });
  const lending = (version: string): RemoteServerBundle => ({ renderRegion: () => Promise.resolve(null), embeddable: { AddToCart: { Component: Buy, css: `.v${version.replace(/\./g, '')}{}` } } });

  it("lends a page another remote's module from the composed version's container, or its fallback's when that one's cannot be had", async () => {
    const asked: string[] = [];
    const loader = (remote: string, composed: { version: string }) => {
      asked.push(`${remote}@${composed.version}`);
      return Promise.resolve(composed.version === '1.0.1' ? null : lending(composed.version));
    };
    const composed = embeddedFrom({ remotes: { 'mfe-cart': cartEntry('1.0.2') } }, loader);
    expect(await composed({ remote: 'mfe-cart', module: 'AddToCart' })).toEqual({ Component: Buy, css: '.v102{}' });
    const fellBack = embeddedFrom({ remotes: { 'mfe-cart': cartEntry('1.0.1') }, fallbacks: { 'mfe-cart': cartEntry('1.0.0') } }, loader);
    expect(await fellBack({ remote: 'mfe-cart', module: 'AddToCart' })).toEqual({ Component: Buy, css: '.v100{}' });
    expect(asked).toEqual(['mfe-cart@1.0.2', 'mfe-cart@1.0.1', 'mfe-cart@1.0.0']);
  });

  it('lends nothing for a remote not composed, a module the container does not lend, or a container that lends none', async () => {
    const loader = () => Promise.resolve<RemoteServerBundle | null>({ renderRegion: () => Promise.resolve(null) });
    const embedded = embeddedFrom({ remotes: { 'mfe-cart': cartEntry('1.0.0') } }, (remote, composed) => (composed.version === '1.0.0' ? Promise.resolve(lending('1.0.0')) : loader()));
    expect(await embedded({ remote: 'mfe-account', module: 'AddToCart' })).toBeNull();
    expect(await embedded({ remote: 'mfe-cart', module: 'toString' })).toBeNull();
    expect(await embeddedFrom({ remotes: { 'mfe-cart': cartEntry('1.0.0') } }, loader)({ remote: 'mfe-cart', module: 'AddToCart' })).toBeNull();
  });
});

describe('frameEmbedsFor', () => {
  const Lists = () => null;
  const cart = { version: '1.0.2', manifest: 'http://cart.test/releases/1.0.2/mf-manifest.json' };
  const shell = { embeds: [{ remote: 'mfe-cart', module: 'HeaderLists' }] };

  it("gives the shell's frame the modules it embeds from the composed versions, by remote and module", async () => {
    const loader = () => Promise.resolve<RemoteServerBundle | null>({ renderRegion: () => Promise.resolve(null), embeddable: { HeaderLists: { Component: Lists, css: '.lists{}' } } });
    expect(await frameEmbedsFor({ remotes: { 'mfe-cart': cart } }, shell, loader, 1000)).toEqual({ 'mfe-cart/HeaderLists': { Component: Lists, css: '.lists{}' } });
    // A shell that embeds nothing (or was built before frames could) is asked for its frame as before.
    expect(await frameEmbedsFor({ remotes: { 'mfe-cart': cart } }, {}, loader, 1000)).toBeUndefined();
  });

  it('gives null for a module that cannot be had or comes too late, without holding the page up', async () => {
    expect(await frameEmbedsFor({ remotes: {} }, shell, noBundle, 1000)).toEqual({ 'mfe-cart/HeaderLists': null });
    const failing = () => Promise.reject(new Error('the cart container threw'));
    expect(await frameEmbedsFor({ remotes: { 'mfe-cart': cart } }, shell, failing, 1000)).toEqual({ 'mfe-cart/HeaderLists': null });
    const never = () => new Promise<RemoteServerBundle | null>(() => undefined);
    expect(await frameEmbedsFor({ remotes: { 'mfe-cart': cart } }, shell, never, 50)).toEqual({ 'mfe-cart/HeaderLists': null });
  });
});

describe('holdsRegionProducts', () => {
  it('says whether a list the edge has holds a product whose place in it the region shows', () => {
    const productPage = { productsShown: { cart: ['redtee'], wishlist: ['redtee'] } };
    expect(holdsRegionProducts(productPage, { cart: [{ product_id: 'REDTEE', quantity: 2 }] })).toBe(true);
    expect(holdsRegionProducts(productPage, { cart: [{ product_id: 'bluecap', quantity: 1 }] })).toBe(false);
    expect(holdsRegionProducts(productPage, { cart: [] })).toBe(false);
    // A wishlist's entries are its products.
    expect(holdsRegionProducts(productPage, { cart: [], wishlist: [{ id: 'redtee', name: 'Red tee' }] })).toBe(true);
    expect(holdsRegionProducts(productPage, { cart: [], wishlist: [{ id: 'bluecap', name: 'Blue cap' }] })).toBe(false);
    expect(holdsRegionProducts({ productsShown: { cart: ['redtee'] } }, { wishlist: [{ id: 'redtee' }] })).toBe(false);
  });

  it('leaves it to the render thread when the answer is not known or the region shows no products’ places, and holds to "theirs" for an answer it cannot read', () => {
    expect(holdsRegionProducts({ productsShown: { cart: ['redtee'] } }, {})).toBe(false);
    expect(holdsRegionProducts({}, { cart: [{ product_id: 'redtee' }] })).toBe(false);
    // Not JSON (read as null), or not a list.
    expect(holdsRegionProducts({ productsShown: { cart: ['redtee'] } }, { cart: null })).toBe(true);
    expect(holdsRegionProducts({ productsShown: { wishlist: ['redtee'] } }, { wishlist: { items: [] } })).toBe(true);
    expect(holdsRegionProducts({ productsShown: { wishlist: ['redtee'] } }, { wishlist: [{ name: 'no id' }] })).toBe(true);
  });
});
