/**
 * Every package's builds keep webpack's persistent cache (build/buildCache.ts): each build its own
 * cache, none shared with another package's or another kind of build, and a release build of a
 * remote the same cache as its working build, so that a release after the working build reuses
 * what that build made.
 */
import path from 'node:path';
import type { Configuration } from 'webpack';

const ROOT = path.resolve(__dirname, '..');
const PACKAGES = ['shell', 'mfe-catalog', 'mfe-product', 'mfe-cart', 'mfe-account'] as const;

type ConfigExport = Configuration | Configuration[] | ((env: unknown, argv: { mode: 'production' | 'development' }) => Configuration | Configuration[]);

async function buildsOf(configFile: string, mode: 'production' | 'development'): Promise<Configuration[]> {
  let exported: ConfigExport | { default: ConfigExport } = [];
  await jest.isolateModulesAsync(async () => {
    exported = (await import(configFile)) as ConfigExport | { default: ConfigExport };
  });
  const config = 'default' in exported ? exported.default : exported;
  const made = typeof config === 'function' ? config({}, { mode }) : config;
  return Array.isArray(made) ? made : [made];
}

function cacheNames(builds: Configuration[]): string[] {
  return builds.map((build) => {
    const cache = build.cache;
    if (!cache || cache === true || cache.type !== 'filesystem') throw new Error(`a build (${build.name ?? 'web'}) keeps no persistent cache`);
    expect(cache.cacheDirectory).toBe(path.join(ROOT, 'node_modules', '.cache', 'webpack'));
    return cache.name ?? '';
  });
}

afterEach(() => {
  delete process.env.STOREFRONT_RELEASE_DIR;
});

describe("the builds' persistent caches", () => {
  it('are one a build, for every package, kind of build and mode', async () => {
    const files = [...PACKAGES.map((pkg) => path.join(ROOT, pkg, 'webpack.config.ts')), path.join(ROOT, 'shell', 'webpack.monolith.ts')];
    const names: string[] = [];
    for (const mode of ['production', 'development'] as const) {
      for (const file of files) names.push(...cacheNames(await buildsOf(file, mode)));
    }
    expect(names.length).toBeGreaterThanOrEqual(2 * (4 * 3 + 2 + 1));
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("are, for a remote's release, those of its working build", async () => {
    const file = path.join(ROOT, 'mfe-catalog', 'webpack.config.ts');
    const working = cacheNames(await buildsOf(file, 'production'));
    process.env.STOREFRONT_RELEASE_DIR = path.join(ROOT, 'releases', 'mfe-catalog', '9.9.9.staging');
    const release = await buildsOf(file, 'production');
    expect(release[0]?.output?.path).toBe(process.env.STOREFRONT_RELEASE_DIR);
    expect(cacheNames(release)).toEqual(working);
  });
});
