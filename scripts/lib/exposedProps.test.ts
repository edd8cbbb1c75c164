import path from 'node:path';
import { ROOT } from '../../edge/src/packages';
import { checkExposedProps, exposedPropsOf, moduleUses, shellModuleUses } from './exposedProps';

jest.setTimeout(60_000);

describe('the props contract between the shell and the remotes', () => {
  it('writes out what each exposed module takes, and what the shell passes each module it gives props', () => {
    expect(exposedPropsOf(path.join(ROOT, 'mfe-product'), ['QuickView', 'ProductPage'])).toEqual({ QuickView: '{ productId: string }', ProductPage: '{}' });
    expect(exposedPropsOf(path.join(ROOT, 'mfe-cart'), ['HeaderLists'])).toEqual({ HeaderLists: '{}' });
    const uses = shellModuleUses();
    expect(uses['mfe-product/QuickView']).toBe('{ productId: string }');
    expect(uses['mfe-catalog/HeaderSearch']).toBe('{ initialText: string; autoFocus?: "text" | "category" }');
  });

  it('lets a release through whose modules take what the shell passes, a new optional prop included', () => {
    const offered = exposedPropsOf(path.join(ROOT, 'mfe-catalog'), ['HeaderSearch', 'HomePage']);
    // What a compose check does: read the shell's uses and compile them against a release's props.
    const started = Date.now();
    const uses = shellModuleUses();
    expect(checkExposedProps('mfe-catalog', '1.0.0', offered, uses)).toEqual([]);
    expect(checkExposedProps('mfe-product', '1.1.0', { QuickView: '{ productId: string; compact?: boolean }' }, uses)).toEqual([]);
    // A release built before modules declared their props is not judged on them.
    expect(checkExposedProps('mfe-product', '0.9.0', undefined, uses)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a release whose module changed a prop’s type, needs one the shell does not pass, or dropped one the shell passes, naming module and prop', () => {
    const uses = shellModuleUses();
    const [changed] = checkExposedProps('mfe-product', '2.0.0', { QuickView: '{ productId: number }' }, uses);
    expect(changed).toMatchObject({ remote: 'mfe-product', rule: 'exposed-props' });
    expect(changed?.message).toMatch(/^QuickView \(productId\): mfe-product@2\.0\.0's QuickView no longer takes what its consumers pass it: /);
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
    expect([...(uses['mfe-cart/WishlistToggle'] ?? [])].sort()).toEqual(['{ product: unknown; place: "card" }', '{ product: unknown; place: "page" }']);
    const offered = exposedPropsOf(path.join(ROOT, 'mfe-cart'), ['WishlistToggle']);
    expect(checkExposedProps('mfe-cart', '1.1.0', offered, uses)).toEqual([]);
    const [problem] = checkExposedProps('mfe-cart', '2.0.0', { WishlistToggle: '{ product: unknown; place: "card" }' }, uses);
    // A release that drew the heart only: the product page's use names the prop it no longer takes.
    expect(problem?.message).toMatch(/^WishlistToggle \((.*, )?place(, .*)?\): mfe-cart@2\.0\.0's WishlistToggle no longer takes what its consumers pass it/);
  });

  it("holds the cart's AddToCart to what the product page passes it (the product's src/embeds.ts), naming the prop a release drops", () => {
    const uses = moduleUses();
    expect(uses['mfe-cart/AddToCart']).toContainEqual(expect.stringMatching(/^\{ product: unknown; colour: null \| string; size: null \| string; place: "panel" \| "bar"; onChooseOptions\?: /));
    // The catalog's cards use it too, each use checked on its own.
    expect(uses['mfe-cart/AddToCart']).toContainEqual(expect.stringMatching(/place: "card"/));
    const offered = exposedPropsOf(path.join(ROOT, 'mfe-cart'), ['AddToCart', 'HeaderLists', 'WishlistToggle']);
    expect(checkExposedProps('mfe-cart', '1.1.0', offered, uses)).toEqual([]);
    const renamed = { ...offered, AddToCart: (offered.AddToCart as string).replace('place:', 'where:') };
    const [problem] = checkExposedProps('mfe-cart', '2.0.0', renamed, uses);
    expect(problem?.message).toMatch(/^AddToCart \((.*, )?place(, .*)?\): mfe-cart@2\.0\.0's AddToCart no longer takes what its consumers pass it/);
  });
});
