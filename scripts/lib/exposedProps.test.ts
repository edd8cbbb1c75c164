import path from 'node:path';
import { ROOT } from '@storefront/edge/packages';
import { checkExposedProps, checkExposedTypes, declarationsOf, exposedPropsOf, moduleUses, shellModuleUses } from './exposedProps';

jest.setTimeout(60_000);

/** The cart's exposed modules the tests read; one program for all of them, built once: each costs seconds. */
const CART_MODULES = ['AddToCart', 'HeaderLists', 'ListCount', 'WishlistToggle'];
let cartExposed: Record<string, string> | undefined;

/** What these of the cart's exposed modules take, as exposedPropsOf writes it out. */
function cartPropsOf(...modules: string[]): Record<string, string> {
  cartExposed ??= exposedPropsOf(path.join(ROOT, 'mfe-cart'), CART_MODULES);
  const all = cartExposed;
  return Object.fromEntries(modules.map((module) => [module, all[module] as string]));
}

describe('the props contract between the shell and the remotes', () => {
  it('writes out what each exposed module takes, and what the shell passes each module it gives props', () => {
    expect(exposedPropsOf(path.join(ROOT, 'mfe-product'), ['QuickView', 'ProductPage'])).toEqual({ QuickView: '{ productId: string }', ProductPage: '{}' });
    expect(cartPropsOf('HeaderLists')).toEqual({ HeaderLists: '{}' });
    const uses = shellModuleUses();
    expect(uses['mfe-product/QuickView']).toBe('{ productId: string }');
    expect(uses['mfe-catalog/HeaderSearch']).toBe('{ initialText: string; autoFocus?: "text" | "category" }');
  });

  it('lets a release through whose modules take what the shell passes, a new optional prop included', () => {
    const offered = exposedPropsOf(path.join(ROOT, 'mfe-catalog'), ['HeaderSearch', 'HomePage']);
    // What a compose check does: read the shell's uses and compile them against a release's props.
    const started = Date.now();
    const uses = moduleUses();
    expect(checkExposedProps('mfe-catalog', '1.0.0', offered, uses)).toEqual([]);
    expect(checkExposedProps('mfe-product', '1.1.0', { QuickView: '{ productId: string; compact?: boolean }' }, uses)).toEqual([]);
    // A release built before modules declared their props is not judged on them.
    expect(checkExposedProps('mfe-product', '0.9.0', undefined, uses)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a release whose module changed a prop’s type, needs one the shell does not pass, or dropped one the shell passes, naming module and prop', () => {
    const uses = moduleUses();
    const [changed] = checkExposedProps('mfe-product', '2.0.0', { QuickView: '{ productId: number }' }, uses);
    expect(changed).toMatchObject({ remote: 'mfe-product', rule: 'exposed-props' });
    expect(changed?.message).toMatch(/^QuickView \(productId\): mfe-product@2\.0\.0's QuickView no longer takes what its consumers pass it \(the shell\): /);
    const [needed] = checkExposedProps('mfe-product', '2.0.0', { QuickView: '{ productId: string; currency: string }' }, uses);
    expect(needed?.message).toMatch(/^QuickView \(currency\): /);
    // A page the shell gives no props that now needs one.
    const [page] = checkExposedProps('mfe-product', '2.0.0', { ProductPage: '{ layout: string }', QuickView: '{ productId: string }' }, uses);
    expect(page?.message).toMatch(/^ProductPage \(layout\): /);
    const [dropped] = checkExposedProps('mfe-catalog', '2.0.0', { HeaderSearch: '{ autoFocus?: "text" | "category" }' }, uses);
    expect(dropped?.message).toMatch(/^HeaderSearch \(initialText\): /);
  });

  it("holds the cart's WishlistToggle to what the cards and the product page pass it", () => {
    const uses = moduleUses();
    expect((uses['mfe-cart/WishlistToggle'] ?? []).map((use) => use.props).sort()).toEqual(['{ product: unknown; place: "card" }', '{ product: unknown; place: "page" }']);
    const offered = cartPropsOf('WishlistToggle');
    expect(checkExposedProps('mfe-cart', '1.1.0', offered, uses)).toEqual([]);
    const [problem] = checkExposedProps('mfe-cart', '2.0.0', { WishlistToggle: '{ product: unknown; place: "card" }' }, uses);
    // A release that drew the heart only: the product page's use names the prop it no longer takes.
    expect(problem?.message).toMatch(/^WishlistToggle \((.*, )?place(, .*)?\): mfe-cart@2\.0\.0's WishlistToggle no longer takes what its consumers pass it/);
  });

  it("holds the cart's AddToCart to what the product page passes it (the product's src/embeds.ts), naming the prop a release drops", () => {
    const uses = moduleUses();
    expect(uses['mfe-cart/AddToCart']).toContainEqual({ by: 'mfe-product', props: expect.stringMatching(/^\{ product: unknown; colour: null \| string; size: null \| string; place: "panel" \| "bar"; onChooseOptions\?: /) });
    // The catalog's cards use it too, each use checked on its own.
    expect(uses['mfe-cart/AddToCart']).toContainEqual({ by: 'mfe-catalog', props: expect.stringMatching(/place: "card"/) });
    const offered = cartPropsOf('AddToCart', 'HeaderLists', 'WishlistToggle');
    expect(checkExposedProps('mfe-cart', '1.1.0', offered, uses)).toEqual([]);
    const renamed = { ...offered, AddToCart: (offered.AddToCart as string).replace('place:', 'where:') };
    const [problem] = checkExposedProps('mfe-cart', '2.0.0', renamed, uses);
    expect(problem?.message).toMatch(/^AddToCart \((.*, )?place(, .*)?\): mfe-cart@2\.0\.0's AddToCart no longer takes what its consumers pass it \(mfe-catalog, mfe-product\)/);
  });
});

describe('the type declarations a release publishes of its exposed modules', () => {
  const cartProps = () => cartPropsOf('AddToCart', 'HeaderLists', 'ListCount');

  it('declares each exposed module as "<remote>/<Module>" taking its props, and consumers compile against them', () => {
    const types = declarationsOf('mfe-cart', '1.2.0', cartProps());
    expect(types).toContain("declare module 'mfe-cart/AddToCart' {");
    expect(types).toMatch(/declare module 'mfe-cart\/ListCount' \{\n {2}export type Props = \{ list: "cart" \| "wishlist" \};/);
    const started = Date.now();
    expect(checkExposedTypes([{ remote: 'mfe-cart', version: '1.2.0', types }], moduleUses())).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The same declarations with what the shell passes ListCount changed are refused, naming the module, the prop and who passes it.
    const [problem] = checkExposedTypes([{ remote: 'mfe-cart', version: '1.2.1', types: types.replace('{ list: "cart" | "wishlist" }', '{ list: "cart" }') }], moduleUses());
    expect(problem).toMatchObject({ remote: 'mfe-cart', rule: 'exposed-props' });
    expect(problem?.message).toMatch(/^ListCount \(list\): mfe-cart@1\.2\.1's ListCount no longer takes what its consumers pass it \(the shell\): /);
  });

  it("holds a module to what a live consumer's release recorded it passes, not to this checkout, and names that release", () => {
    const types = declarationsOf('mfe-cart', '1.2.0', cartProps());
    const productUses = moduleUses([{ remote: 'mfe-product' }])['mfe-cart/AddToCart']?.[0]?.props ?? '';
    // mfe-product 1.3.0 was released passing a prop the cart's Add to Cart does not take.
    const uses = moduleUses([{ remote: 'mfe-product', version: '1.3.0', uses: { 'mfe-cart/AddToCart': productUses.replace('place:', 'compact: boolean; place:') } }]);
    const problems = checkExposedTypes([{ remote: 'mfe-cart', version: '1.2.0', types }], uses);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/^AddToCart \(compact\): mfe-cart@1\.2\.0's AddToCart no longer takes what its consumers pass it \(mfe-product@1\.3\.0\)/);
    // Judged as that consumer's release it is its problem; judged as another remote's, it is not.
    expect(checkExposedTypes([{ remote: 'mfe-cart', version: '1.2.0', types }], uses, 'mfe-product@1.3.0')).toHaveLength(1);
    expect(checkExposedTypes([{ remote: 'mfe-cart', version: '1.2.0', types }], uses, 'mfe-catalog@1.0.0')).toEqual([]);
  });

  it('refuses published types that do not compile, and reads no file they name', () => {
    const [broken] = checkExposedTypes([{ remote: 'mfe-cart', version: '1.2.2', types: "declare module 'mfe-cart/ListCount' { export type Props = { list: ; }" }], moduleUses());
    expect(broken?.message).toMatch(/^mfe-cart@1\.2\.2's published types \(types\/index\.d\.ts\) do not compile: /);
    const reaching = `/// <reference path="${path.join(ROOT, 'shell', 'src', 'federation', 'remoteModules.ts')}" />\n${declarationsOf('mfe-cart', '1.2.3', cartProps())}`;
    expect(checkExposedTypes([{ remote: 'mfe-cart', version: '1.2.3', types: reaching }], moduleUses())).toEqual([]);
  });
});
