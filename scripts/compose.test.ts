/**
 * The compose command as a release manager runs it (list, check, set, rollback, history, diff,
 * canary, promote, abort), against releases fabricated in a temporary folder and served by a
 * small HTTP server (lib/testing/fabricatedReleases.ts). No build is needed. The commands run in
 * this process, each with the environment a release manager's shell would give it, for speed (a
 * program's start costs more than most commands); the program itself (scripts/compose.ts: its
 * exit codes, what it prints on an error) is run as a child process too. Its environments are
 * tested in composeEnvironments.test.ts.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Revision } from '@storefront/release-state';
import { REMOTES } from '@storefront/edge/packages';
import { REMOTE_MODULES } from 'shell/remote-modules';
import { composeInProcess, type Run } from './lib/testing/composeInProcess';
import { documentOf, factsFor, seed, servedReleases, SHELL_SHARED, type Composition } from './lib/testing/fabricatedReleases';

const ROOT = path.resolve(__dirname, '..');

const { releasesDir, newComposition } = servedReleases();
const compose = composeInProcess();

/** The compose program run as a release manager runs it: a child process, its exit code and all it printed. */
function composeProgram(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=storefront-source', '-r', 'sucrase/register/ts', path.join(ROOT, 'scripts', 'compose.ts'), ...args], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function liveRevision(composition: Composition): Promise<number | null> {
  return (await composition.store.live())?.revision ?? null;
}

describe('npm run compose', () => {
  it('records who set each composition, why and what changed, and shows it in the history and the list', async () => {
    const composition = await newComposition();
    const first = await compose(composition.env, 'set', 'catalog=1.0.0', 'product=1.0.0', 'cart=1.0.1', 'account=1.0.0', '--reason', 'the first composition');
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toContain('✓ revision 2 is live (by thandi)');
    const second = await compose({ ...composition.env, COMPOSE_ACTOR: '' }, 'set', 'cart=1.0.2', '--by', 'sipho', '--reason', 'cart 1.0.2 fixes the totals');
    expect(second.output).toContain('✓ revision 3 is live (by sipho): cart 1.0.1 → 1.0.2');
    expect(second.code).toBe(0);

    const [history, list] = await Promise.all([compose(composition.env, 'history'), compose(composition.env, 'list')]);
    expect(history.code).toBe(0);
    const lines = history.output.split('\n');
    const heading = (revision: number) => lines.findIndex((line) => line.startsWith(`revision ${revision} · `));
    expect(heading(3)).toBeLessThan(heading(2));
    expect(heading(2)).toBeLessThan(heading(1));
    expect(lines[heading(3)]).toMatch(/^revision 3 · \d{4}-\d\d-\d\d \d\d:\d\d · by sipho · set · LIVE, known good from .* if it stays live$/);
    expect(lines.slice(heading(3) + 1, heading(3) + 3)).toEqual(['    changed: cart 1.0.1 → 1.0.2', '    why: cart 1.0.2 fixes the totals']);
    expect(lines[heading(2)]).toMatch(/by thandi · set · live less than 30 min, not known good$/);
    expect(lines[heading(2) + 2]).toBe('    why: the first composition');
    expect(lines[heading(1)]).toMatch(/by the working builds · imported · never checked, not known good$/);

    expect(list.code).toBe(0);
    expect(list.output).toMatch(/mfe-cart.*1\.0\.2.*0\.9\.0, 1\.0\.1, 1\.0\.2, 1\.0\.3, 1\.0\.4, 1\.0\.5, 1\.0\.6, 1\.0\.7, 2\.0\.0/);
    expect(list.output).toContain('live: revision 3; 3 revision(s)');

    const recorded = (await composition.store.revision(3)) as Revision;
    expect(recorded).toMatchObject({ by: 'sipho', reason: 'cart 1.0.2 fixes the totals', action: 'set', basedOn: 2, shell: SHELL_SHARED });
    expect(Object.keys(recorded.facts).sort()).toEqual([...REMOTES].sort());
    expect(recorded.facts['mfe-cart']?.singletons).toContainEqual({ name: '@storefront/shared', version: '2.0.0', requiredVersion: '^2.0.0' });
    expect(recorded.checkedAt).not.toBeNull();
  }, 60_000);

  it('refuses a rollback without a reason, and one who cannot be named', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1', '1.0.2');
    const [noReason, badName] = await Promise.all([
      compose(composition.env, 'rollback'),
      compose(composition.env, 'rollback', '--reason', 'broken', '--by', 'thandi\u0007'),
    ]);
    expect(noReason.code).toBe(1);
    expect(noReason.output).toContain('rollback needs a reason, recorded with the revision: --reason "<why>"');
    expect(badName.code).toBe(1);
    expect(badName.output).toContain('--by must be a name of 1 to 64 printable characters');
    expect(await liveRevision(composition)).toBe(2);
  }, 30_000);

  it('refuses to roll back to a composition that no longer passes the checks, with the table, and changes nothing', async () => {
    const composition = await newComposition();
    await seed(composition, '0.9.0', '1.0.2');
    // The release revision 1 had has lost its entry since.
    await rm(path.join(releasesDir, 'mfe-cart', '0.9.0', 'remoteEntry.js'));
    const before = await readFile(composition.file, 'utf8');
    const run = await compose(composition.env, 'rollback', '--reason', 'cart 1.0.2 breaks checkout');
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/mfe-cart.*0\.9\.0.*remote-entry-answers/);
    expect(run.output).toContain('✗ mfe-cart [remote-entry-answers]');
    expect(run.output).toMatch(/remoteEntry\.js answered 404/);
    expect(run.output).toContain('nothing changed, revision 2 stays live');
    expect(run.output).not.toContain('rolled back');
    expect(await readFile(composition.file, 'utf8')).toBe(before);
    expect(await composition.store.revisions()).toHaveLength(2);
  }, 30_000);

  it('rolls back to a named revision, or the one before the live one, as a new checked revision', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1', '1.0.2', '1.0.3');
    const named = await compose(composition.env, 'rollback', '--to', '1', '--reason', 'back to the cart before the totals change');
    expect(named.output).toContain('✓ rolled back: revision 4 is live (by thandi), the composition of revision 1: cart 1.0.3 → 1.0.1');
    expect(named.code).toBe(0);
    const fourth = (await composition.store.revision(4)) as Revision;
    expect(fourth).toMatchObject({ action: 'rollback', restores: 1, basedOn: 3, reason: 'back to the cart before the totals change', composition: documentOf(composition, '1.0.1') });
    expect(fourth.checkedAt).not.toBeNull();
    expect(fourth.facts['mfe-cart']?.exposes).not.toContain('SavedForLater');

    const previous = await compose(composition.env, 'rollback', '--reason', 'the totals change was fine after all');
    expect(previous.output).toContain('revision 5 is live (by thandi), the composition of revision 3: cart 1.0.1 → 1.0.3');
    const history = await compose(composition.env, 'history', '--limit', '2');
    expect(history.output).toMatch(/^revision 5 · .* · by thandi · rollback to revision 3 · LIVE/m);
    expect(history.output).toMatch(/^revision 4 · .* · by thandi · rollback to revision 1 · rolled away, not known good$/m);
    expect(history.output).not.toMatch(/^revision 3 /m);
    expect(history.output).toContain('… 3 earlier revision(s): --limit 5 shows them all');
  }, 60_000);

  it('lets exactly one of two sets made at the same moment win; the other is refused and writes nothing', async () => {
    const composition = await newComposition({ slow: true });
    await seed(composition, '1.0.1');
    const runs = await Promise.all([
      compose(composition.env, 'set', 'cart=1.0.2', '--by', 'anele'),
      compose(composition.env, 'set', 'cart=1.0.3', '--by', 'bongani'),
    ]);
    expect(runs.map((run) => run.code).sort()).toEqual([0, 1]);
    const winner = runs[0]?.code === 0 ? { by: 'anele', cart: '1.0.2' } : { by: 'bongani', cart: '1.0.3' };
    const loser = runs.find((run) => run.code === 1) as Run;
    expect(loser.output).toContain(`✗ the composition changed since you read it: revision 2, by ${winner.by}`);
    expect(loser.output).toContain('run the command again');
    expect(loser.output).toContain('nothing changed: your change was not written');
    expect((await composition.store.live())?.document).toEqual(documentOf(composition, winner.cart));
    expect(await composition.store.revisions()).toHaveLength(2);
  }, 30_000);

  it('refuses a change stated on a revision that is not the newest (--base)', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1', '1.0.2');
    const [stale, unknown] = await Promise.all([
      compose(composition.env, 'set', 'cart=1.0.3', '--base', '1'),
      compose(composition.env, 'set', 'cart=1.0.3', '--base', '9'),
    ]);
    expect(stale.code).toBe(1);
    expect(stale.output).toMatch(/the composition changed since you read it: revision 2, by seed, .*cart 1\.0\.2; run the command again/);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('there is no revision 9: the newest is 2');
    expect(await composition.store.revisions()).toHaveLength(2);

    const current = await compose(composition.env, 'set', 'cart=1.0.3', '--base', '2');
    expect(current.code).toBe(0);
    expect(await composition.store.revision(3)).toMatchObject({ basedOn: 2 });
  }, 30_000);

  it('shows what differs between two revisions: versions, shared singletons and exposed modules', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.2', '1.0.3');
    const [diff, unknown] = await Promise.all([compose(composition.env, 'diff', '1', '2'), compose(composition.env, 'diff', '1', '7')]);
    expect(diff.code).toBe(0);
    expect(diff.output.split('\n')).toEqual([
      'revision 1 → revision 2',
      'versions:',
      '  cart 1.0.2 → 1.0.3',
      'shared singletons (version built with, range required):',
      '  cart @storefront/shared 2.0.0 (^2.0.0) → 2.1.0 (^2.1.0)',
      'exposed modules:',
      '  cart + SavedForLater',
      '',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('there is no revision 7 (the revisions are 1 to 2)');
  }, 30_000);

  it('says whether versions could go live without writing anything (check <remote>=<version>)', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1');
    const before = await readFile(composition.file, 'utf8');
    const [major, fine] = await Promise.all([compose(composition.env, 'check', 'cart=2.0.0'), compose(composition.env, 'check', 'cart=1.0.3')]);
    expect(major.code).toBe(1);
    expect(major.output).toContain('✗ mfe-cart [singleton-version] @storefront/shared: the shell has 2.1.0, mfe-cart needs major 3');
    expect(major.output).toContain('✗ these could not go live as things are: cart 1.0.1 → 2.0.0 (nothing written)');
    expect(fine.code).toBe(0);
    expect(fine.output).toContain('✓ these could go live: cart 1.0.1 → 1.0.3 (nothing written; make them live with npm run compose -- set cart=1.0.3)');
    expect(await readFile(composition.file, 'utf8')).toBe(before);
    expect(await composition.store.revisions()).toHaveLength(1);
  }, 30_000);

  it('refuses a release whose exposed module no longer takes the props its consumers pass it, naming the module and the props', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1');
    const [renamed, same] = await Promise.all([compose(composition.env, 'check', 'cart=1.0.5'), compose(composition.env, 'check', 'cart=1.0.4')]);
    expect(renamed.code).toBe(1);
    expect(renamed.output).toMatch(/✗ mfe-cart \[exposed-props\] AddToCart \(place, where\): mfe-cart@1\.0\.5's AddToCart no longer takes what its consumers pass it \(.*mfe-product.*\): /);
    expect(renamed.output).toContain('✗ these could not go live as things are: cart 1.0.1 → 1.0.5 (nothing written)');
    expect(same.code).toBe(0);
  }, 30_000);

  it("compiles each consumer's use against the types a release publishes, and a consumer's release against the live releases' types", async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1');
    const [renamed, same, product] = await Promise.all([
      compose(composition.env, 'check', 'cart=1.0.6'),
      compose(composition.env, 'check', 'cart=1.0.7'),
      compose(composition.env, 'check', 'cart=1.0.7', 'product=1.1.0'),
    ]);
    expect(renamed.code).toBe(1);
    expect(renamed.output).toMatch(/✗ mfe-cart \[exposed-props\] AddToCart \(place, where\): mfe-cart@1\.0\.6's AddToCart no longer takes what its consumers pass it/);
    expect(same.code).toBe(0);
    // The product page's release passes what it recorded, not what this checkout's product page passes.
    expect(product.code).toBe(1);
    expect(product.output).toMatch(/✗ mfe-cart \[exposed-props\] AddToCart \(compact\): mfe-cart@1\.0\.7's AddToCart no longer takes what its consumers pass it \(mfe-product@1\.1\.0\): mfe-product@1\.1\.0 passes 'compact', which it no longer takes/);
  }, 30_000);

  it('records a composition kept from before revisions as checked once it passes (check)', async () => {
    const composition = await newComposition();
    await mkdir(path.dirname(composition.file), { recursive: true });
    await writeFile(composition.file, JSON.stringify(documentOf(composition, '1.0.1')));
    const run = await compose(composition.env, 'check');
    expect(run.code).toBe(0);
    expect(run.output).toContain('revision 1 (kept from before the checks) is now recorded as checked');
    const revision = (await composition.store.revision(1)) as Revision;
    expect(revision).toMatchObject({ action: 'imported', shell: SHELL_SHARED });
    expect(revision.checkedAt).not.toBeNull();
    expect(revision.facts['mfe-cart']?.exposes).toEqual([...REMOTE_MODULES['mfe-cart']]);
  }, 30_000);

  it('runs a canary for a share of browsers, checked like set, shows it in the list and history, and promotes it to everyone', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1');
    const started = await compose(composition.env, 'canary', 'cart=1.0.2', '--percent', '10', '--reason', 'try the totals fix');
    expect(started.output).toContain('✓ revision 2: the canary runs for 10% of browsers (by thandi): canary for 10% of browsers: cart 1.0.1 → 1.0.2');
    expect(started.code).toBe(0);
    const live = await composition.store.live();
    expect(live?.document.remotes['mfe-cart']?.version).toBe('1.0.1');
    expect(live?.document.canary).toEqual({ remotes: { 'mfe-cart': { version: '1.0.2', manifest: composition.manifest('mfe-cart', '1.0.2') } }, percent: 10, startedBy: 2, since: expect.any(String) });
    const revision = (await composition.store.revision(2)) as Revision;
    // Its facts are the live versions': the canary's cart is not live for everyone.
    expect(revision).toMatchObject({ action: 'canary', by: 'thandi', reason: 'try the totals fix', basedOn: 1 });
    expect(revision.facts['mfe-cart']).toEqual(factsFor(documentOf(composition, '1.0.1'))['mfe-cart']);

    const [list, again] = await Promise.all([compose(composition.env, 'list'), compose(composition.env, 'canary', 'catalog=1.0.0', '--percent', '5')]);
    expect(list.output).toMatch(/mfe-cart.*1\.0\.1.*1\.0\.2 \(10%\)/);
    expect(list.output).toContain('canary: since revision 2');
    expect(again.code).toBe(1);
    expect(again.output).toContain('a canary runs already (cart 1.0.2 for 10%, revision 2): promote or abort it first');

    const promoted = await compose(composition.env, 'promote', '--reason', 'no errors in a day');
    expect(promoted.output).toContain('✓ promoted: revision 3 is live for everyone (by thandi): cart 1.0.1 → 1.0.2; canary ended: cart 1.0.2');
    expect(promoted.code).toBe(0);
    const after = await composition.store.live();
    expect(after?.document).toEqual(documentOf(composition, '1.0.2'));
    expect((await composition.store.revision(3))?.facts['mfe-cart']).toEqual(factsFor(documentOf(composition, '1.0.2'))['mfe-cart']);
    const history = await compose(composition.env, 'history');
    expect(history.output).toMatch(/revision 3 · .* · by thandi · promote · LIVE/);
    expect(history.output).toMatch(/revision 2 · .* · by thandi · canary · /);
    expect((await compose(composition.env, 'promote')).output).toContain('no canary runs: there is nothing to promote');
  }, 60_000);

  it('refuses a canary that fails the checks, a share that is not one, or a version live already; abort ends one for everyone', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1');
    const before = await readFile(composition.file, 'utf8');
    const [failing, zero, over, fine, missing, same, noCanary] = await Promise.all([
      compose(composition.env, 'canary', 'cart=2.0.0', '--percent', '10'),
      compose(composition.env, 'canary', 'cart=1.0.2', '--percent', '0'),
      compose(composition.env, 'canary', 'cart=1.0.2', '--percent', '101'),
      compose(composition.env, 'canary', 'cart=1.0.2', '--percent', '2.55'),
      compose(composition.env, 'canary', 'cart=1.0.2'),
      compose(composition.env, 'canary', 'cart=1.0.1', '--percent', '10'),
      compose(composition.env, 'abort'),
    ]);
    expect(failing.code).toBe(1);
    expect(failing.output).toContain('✗ mfe-cart [');
    expect(failing.output).toContain('nothing changed: no canary started, revision 1 stays live');
    for (const run of [zero, over, fine]) {
      expect(run.code).toBe(1);
      expect(run.output).toContain('--percent must be more than 0 and at most 100, to one decimal place');
    }
    expect(missing.output).toContain('say how many browsers get the canary: --percent 10');
    expect(same.output).toContain('cart 1.0.1 is live already');
    expect(noCanary.output).toContain('no canary runs: there is nothing to abort');
    expect(await readFile(composition.file, 'utf8')).toBe(before);

    expect((await compose(composition.env, 'canary', 'cart=1.0.2', '--percent', '50')).code).toBe(0);
    const aborted = await compose(composition.env, 'abort', '--reason', 'totals wrong on phones', '--by', 'sipho');
    expect(aborted.output).toContain('✓ aborted: revision 3 (by sipho): canary ended: cart 1.0.2; shoppers get the live versions on their next page');
    expect(aborted.code).toBe(0);
    expect((await composition.store.live())?.document).toEqual(documentOf(composition, '1.0.1'));
    expect(await composition.store.revision(3)).toMatchObject({ action: 'abort', by: 'sipho', reason: 'totals wrong on phones' });
  }, 60_000);

  it('refuses a set while a canary runs (it is judged beside the live versions); a rollback ends the canary and brings back versions, never a canary', async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.1', '1.0.3');
    expect((await compose(composition.env, 'canary', 'cart=1.0.2', '--percent', '20')).code).toBe(0);
    const set = await compose(composition.env, 'set', 'catalog=1.0.0');
    expect(set.code).toBe(1);
    expect(set.output).toContain('a canary runs (cart 1.0.2 for 20%, revision 3): promote or abort it first, then set');
    expect(await composition.store.revisions()).toHaveLength(3);
    const rolledBack = await compose(composition.env, 'rollback', '--reason', 'cart 1.0.3 breaks checkout', '--to', '1');
    expect(rolledBack.output).toContain('✓ rolled back: revision 4 is live');
    expect(rolledBack.output).toContain('cart 1.0.3 → 1.0.1; canary ended: cart 1.0.2');
    expect((await composition.store.live())?.document).toEqual(documentOf(composition, '1.0.1'));
    // Rolled back to the canary's own revision: its versions, not its canary.
    const again = await compose(composition.env, 'rollback', '--reason', 'back to before', '--to', '3');
    expect(again.code).toBe(0);
    expect((await composition.store.live())?.document).toEqual(documentOf(composition, '1.0.3'));
  }, 60_000);

  it('lists every command and option in its help, shows it for an unknown command, and exits 1 on a refusal (the program, run as a child process)', async () => {
    const composition = await newComposition();
    const [help, unknown, refused] = await Promise.all([
      composeProgram(composition.env, 'help'),
      composeProgram(composition.env, 'publish', 'cart=1.0.3'),
      composeProgram(composition.env, 'rollback'),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('[compose] rollback needs a reason');
    expect(help.code).toBe(0);
    for (const word of ['list', 'check <file>', 'check <remote>=<version>', 'set <remote>=<version>', 'rollback --reason', 'history [--limit <n>]', 'diff <revision> <revision>', '--by', '--reason', '--base', '--to', '--limit']) {
      expect(help.output).toContain(word);
    }
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('unknown command "publish"');
    expect(unknown.output).toContain('usage: npm run compose -- <command> [options]');
  }, 30_000);
});
