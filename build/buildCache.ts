/**
 * webpack's persistent cache, for every package's builds. A build of sources already built once
 * (a release after the working build, one release after another, a rebuild after one file
 * changed) takes the compiled modules, minified chunks and compressed copies it can from the last
 * one: a catalog release's build took about 3 s instead of 10 on the project's machine, and its
 * scripts, styles, manifest and contract came out byte for byte as without the cache (mf-stats.json
 * listed some modules' users in another order). webpack keeps a thing only while the files it came
 * from are unchanged, and the values the build was given (the version a release is built for, a
 * defined key) are part of what it checks.
 *
 * It lives in node_modules/.cache/webpack, one cache a build, which `npm ci` empties; removing
 * that folder is the way to build without it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'webpack';

const ROOT = path.resolve(__dirname, '..');

/** What the builds are made of beyond the sources: a change in any builds afresh. */
const BUILD_FILES = [path.join(ROOT, 'webpack.common.ts'), path.join(ROOT, 'webpack.remote.ts'), `${path.join(ROOT, 'build')}${path.sep}`];

/**
 * The cache of one build of the package in `packageDir`: `name` tells its builds apart (its
 * working build and another kind into another folder), `mode` too. The package's own webpack
 * configs are part of what it is made of.
 */
export function buildCache(name: string, mode: Configuration['mode'], packageDir: string): NonNullable<Configuration['cache']> {
  const configs = readdirSync(packageDir)
    .filter((file) => /^webpack\..*\.ts$/.test(file))
    .map((file) => path.join(packageDir, file));
  return {
    type: 'filesystem',
    cacheDirectory: path.join(ROOT, 'node_modules', '.cache', 'webpack'),
    name: `${name.replace(/[^a-z0-9.-]+/gi, '_')}-${mode ?? 'production'}`,
    buildDependencies: { config: [...BUILD_FILES, ...configs] },
  };
}

/** The cache of a build made beside `of` (its standalone runtime, its server build), under its own name. */
export function besideCache(of: Configuration['cache'], suffix: string): Configuration['cache'] {
  if (!of || of === true || of.type !== 'filesystem') return of;
  return { ...of, name: `${of.name ?? 'build'}-${suffix}` };
}
