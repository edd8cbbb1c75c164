/**
 * Each route's first-load size stays under its budget. Computed from the built files (the e2e
 * setup builds what is stale), not from a browser: deterministic and quick. `npm run bench`
 * measures the same in Chromium and reports both.
 */
import { FIRST_LOAD_BUDGETS } from '../support/budgets';
import { firstLoadFromDist } from '../support/firstLoad';
import { BENCH_ROUTES } from '../support/routes';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first-load budgets (gzip)', () => {
  // A desktop's first load is the larger, with its header's main menu and search box (a phone's header has neither).
  const cases = (['desktop', 'mobile'] as const).flatMap((viewport) => BENCH_ROUTES.map((route) => [route.route, viewport, route] as const));
  it.each(cases)('%s on a %s stays within its budget', (name, viewport, route) => {
    const { gzipBytes, files } = firstLoadFromDist(route, viewport);
    const budget = FIRST_LOAD_BUDGETS[viewport][name];
    if (gzipBytes > budget) {
      const largest = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 8).map((file) => `  ${kb(file.gzipBytes).padStart(9)}  ${file.file}`);
      throw new Error(`${name} loads ${kb(gzipBytes)} gzip on a ${viewport} first visit, over its budget of ${kb(budget)}. Largest files:\n${largest.join('\n')}`);
    }
    // The remotes' entries are part of it: a route that loads none is a broken model.
    expect(files.some((file) => file.file.endsWith('remoteEntry.js'))).toBe(true);
  });

  it('counts what a route needs and no more: the product page loads the product remote, the home page does not', () => {
    const home = BENCH_ROUTES.find((route) => route.route === 'home');
    const product = BENCH_ROUTES.find((route) => route.route === 'product');
    if (!home || !product) throw new Error('the benchmark routes lost home or product');
    expect(firstLoadFromDist(home).files.some((file) => file.file.startsWith('mfe-product/'))).toBe(false);
    expect(firstLoadFromDist(product).files.some((file) => file.file.startsWith('mfe-product/'))).toBe(true);
  });

  it('the product page loads no catalog code on either screen: the desktop header’s search loads when reached for; a desktop adds its header’s chunk', () => {
    const product = BENCH_ROUTES.find((route) => route.route === 'product');
    if (!product) throw new Error('the benchmark routes lost product');
    const desktop = firstLoadFromDist(product, 'desktop');
    const mobile = firstLoadFromDist(product, 'mobile');
    for (const load of [desktop, mobile]) expect(load.files.filter((file) => file.file.startsWith('mfe-catalog/'))).toEqual([]);
    expect(desktop.files.filter((file) => /^shell\/dist\/desktop-header\./.test(file.file))).toHaveLength(1);
    expect(mobile.files.filter((file) => file.file.startsWith('shell/dist/desktop-'))).toEqual([]);
  });

  it('a desktop, whose first screen shows the top of the product’s tabs, counts their chunk; a phone, which loads it when it scrolls, does not', () => {
    const product = BENCH_ROUTES.find((route) => route.route === 'product');
    if (!product) throw new Error('the benchmark routes lost product');
    const lowerParts = (viewport: 'desktop' | 'mobile') => firstLoadFromDist(product, viewport).files.filter((file) => /^mfe-product\/dist\/[^/]+\/later-product-lower\./.test(file.file));
    expect(lowerParts('desktop')).toHaveLength(1);
    expect(lowerParts('mobile')).toEqual([]);
  });
});
