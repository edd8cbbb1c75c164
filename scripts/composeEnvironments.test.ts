/**
 * The compose command's environments (`--env`, `promote --from`): each keeps its own composition,
 * revisions and history, serves the same releases from where it names, and takes what another
 * runs through the same checks. Against releases fabricated in a temporary folder and served by a
 * small HTTP server (lib/testing/fabricatedReleases.ts). The commands run in this process, each
 * with the environment a release manager's shell would give it, for speed: a program's start
 * costs more than most commands (compose.test.ts runs the program itself).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { environmentFile, FileCompositionStore } from '@storefront/release-state';
import { composeInProcess } from './lib/testing/composeInProcess';
import { seed, servedReleases, type Composition } from './lib/testing/fabricatedReleases';

const releases = servedReleases();
const { newComposition } = releases;
const compose = composeInProcess();
/** Where the releases are served: known once the server has started. */
let origin: string;
beforeAll(() => {
  origin = releases.origin;
});

describe('environments', () => {
  const historyOf = async (composition: Composition, environment: string) => (await compose(composition.env, 'history', '--env', environment)).output;
  const staging = (composition: Composition) => new FileCompositionStore(environmentFile('staging', composition.file));

  it('keep a composition, revisions and history each; a bad name is refused and writes nothing', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1');
    const set = await compose(composition.env, 'set', 'catalog=1.0.0', 'product=1.0.0', 'cart=1.0.3', 'account=1.0.0', '--env', 'staging', '--reason', 'try the new cart');
    expect(set.output).toContain('environment staging (');
    expect(set.output).toContain('✓ revision 2 is live (by thandi)');
    expect(set.code).toBe(0);
    expect((await staging(composition).live())?.document.remotes['mfe-cart']?.version).toBe('1.0.3');
    expect((await composition.store.live())?.revision).toBe(1);
    expect((await composition.store.live())?.document.remotes['mfe-cart']?.version).toBe('1.0.1');
    expect(await historyOf(composition, 'staging')).toContain('why: try the new cart');
    expect((await compose(composition.env, 'history')).output).not.toContain('try the new cart');

    const before = await readFile(composition.file, 'utf8');
    for (const name of ['Staging', '../production', 'qa_2', '2qa', 'a'.repeat(33)]) {
      const refused = await compose(composition.env, 'set', 'cart=1.0.3', '--env', name);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('--env must name an environment: a lower-case letter, then up to 31 lower-case letters, digits or hyphens');
    }
    expect(await readFile(composition.file, 'utf8')).toBe(before);
    expect(await readdir(path.join(path.dirname(composition.file), 'environments'))).toEqual(['staging']);
  }, 30_000);

  it('serve one release, built once, from where each environment names', async () => {
    const composition = await newComposition();
    const elsewhere = { ...composition.env, RELEASE_BASE_URL: `${origin}/other/{remote}` };
    expect((await compose(elsewhere, 'set', 'catalog=1.0.0', 'product=1.0.0', 'cart=1.0.1', 'account=1.0.0', '--env', 'staging')).code).toBe(0);
    expect((await compose(composition.env, 'set', 'catalog=1.0.0', 'product=1.0.0', 'cart=1.0.1', 'account=1.0.0')).code).toBe(0);
    const [inStaging, inProduction] = [(await staging(composition).live())?.document, (await composition.store.live())?.document];
    expect(inStaging?.remotes['mfe-cart']).toEqual({ version: '1.0.1', manifest: `${origin}/other/mfe-cart/1.0.1/mf-manifest.json` });
    expect(inProduction?.remotes['mfe-cart']).toEqual({ version: '1.0.1', manifest: `${origin}/mfe-cart/1.0.1/mf-manifest.json` });
    // The environment remembers where it serves from: the next change, without RELEASE_BASE_URL, stays there.
    const { RELEASE_BASE_URL: _unset, ...plain } = composition.env;
    expect((await compose(plain, 'set', 'cart=1.0.3', '--env', 'staging')).code).toBe(0);
    expect((await staging(composition).live())?.document.remotes['mfe-cart']?.manifest).toBe(`${origin}/other/mfe-cart/1.0.3/mf-manifest.json`);
  }, 30_000);

  it('promote what staging runs to production through the same checks: refused on a failing one, done on a passing one', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1');
    const toStaging = await compose({ ...composition.env, RELEASE_BASE_URL: `${origin}/other/{remote}` }, 'set', 'catalog=1.0.0', 'product=1.0.0', 'cart=1.0.3', 'account=1.0.0', '--env', 'staging');
    expect(toStaging.code).toBe(0);
    const before = await readFile(composition.file, 'utf8');

    // Production serves from a CDN the release was not copied to: refused, production unchanged.
    const missing = await compose({ ...composition.env, RELEASE_BASE_URL: `${origin}/nowhere/{remote}` }, 'promote', '--from', 'staging', '--to', 'production', '--reason', 'ship the new cart');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(`✗ mfe-cart [manifest-answers] ${origin}/nowhere/mfe-cart/1.0.3/mf-manifest.json answered 404`);
    expect(missing.output).toContain('nothing changed: production stays as it was (revision 1)');
    expect(await readFile(composition.file, 'utf8')).toBe(before);

    const promoted = await compose(composition.env, 'promote', '--from', 'staging', '--reason', 'ship the new cart');
    expect(promoted.output).toContain('✓ promoted: revision 2 of production runs what staging runs (its revision 2), by thandi: cart 1.0.1 → 1.0.3');
    expect(promoted.code).toBe(0);
    const revision = await composition.store.revision(2);
    expect(revision).toMatchObject({ action: 'promote', promotedFrom: { environment: 'staging', revision: 2 }, reason: 'ship the new cart', checkedAt: expect.any(String) });
    // The same release, served from where production serves its releases.
    expect(revision?.composition.remotes['mfe-cart']).toEqual({ version: '1.0.3', manifest: `${origin}/mfe-cart/1.0.3/mf-manifest.json` });
    expect(await historyOf(composition, 'production')).toMatch(/revision 2 · .* · by thandi · promoted from staging revision 2 · LIVE/);

    const again = await compose(composition.env, 'promote', '--from', 'staging');
    expect(again.output).toContain('nothing to change: production (revision 2) runs what staging runs (revision 2)');
    expect((await compose(composition.env, 'promote', '--from', 'staging', '--to', 'staging')).output).toContain('--from and --to both name staging');
    expect((await compose(composition.env, 'promote', '--from', 'Prod')).output).toContain('--from must name an environment');
  }, 60_000);
});
