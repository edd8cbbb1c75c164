import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ROUTES } from './routes';

describe('first-load model', () => {
  it('says what to build when a package has not been built', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
    jest.resetModules();
    jest.doMock('@storefront/edge/packages', () => ({ ...jest.requireActual('@storefront/edge/packages'), ROOT: root }));
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { firstLoadFromDist } = require('./firstLoad') as typeof import('./firstLoad');
      expect(() => firstLoadFromDist(BENCH_ROUTES[0] as (typeof BENCH_ROUTES)[number])).toThrow(/shell\/dist\/index\.html is missing: build the store first/);
    } finally {
      jest.dontMock('@storefront/edge/packages');
      rmSync(root, { recursive: true, force: true });
    }
  });
});
