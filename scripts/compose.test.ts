/**
 * The compose command as a release manager runs it, against releases fabricated in a temporary
 * folder and served by a small HTTP server, and the release command's verdict on a release
 * folder. No build is needed. The commands run in this process, each with the environment a
 * release manager's shell would give it, for speed (a program's start costs more than most
 * commands); the program itself (scripts/compose.ts: its exit codes, what it prints on an error)
 * is run as a child process too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import { factsOf, type Contract, type Manifest, type ReleaseFacts, type ShellFacts } from '@storefront/edge/composition-rules';
import { environmentFile, FileCompositionStore, type CompositionDocument, type Revision } from '@storefront/release-state';
import { REMOTES, type Remote } from '@storefront/edge/packages';
import { REMOTE_MODULES } from 'shell/remote-modules';
import { reportComposeError, runCompose } from './lib/composeCommand';
import { readActor, readReason, UsageError } from './lib/composeOptions';
import { DECLARATIONS_PATH, declarationsOf } from './lib/exposedProps';
import { judgeRelease, judgeWorkingCopy } from './lib/releaseVerdict';

const ROOT = path.resolve(__dirname, '..');
const SHELL_SHARED = { react: '19.3.1', 'react-dom': '19.3.1', '@storefront/shared': '2.1.0' };
const FEDERATION = '2.9.2';
/** What each remote injects into the one store. */
const INJECTS: Record<Remote, { slices: string[]; endpoints: string[] }> = {
  'mfe-catalog': { slices: ['catalog'], endpoints: ['getProducts', 'getProductFacets'] },
  'mfe-product': { slices: ['product'], endpoints: ['getProduct'] },
  'mfe-cart': { slices: ['cart'], endpoints: ['getCart'] },
  'mfe-account': { slices: ['account'], endpoints: ['getAccount'] },
};

interface Build {
  /** @storefront/shared it was built with, and the range it needs. */
  sharedPackage?: [string, string];
  extraExposes?: string[];
  endpoints?: string[];
  /** The props its exposed modules declare in its contract (release commands before published types wrote only these). */
  exposedProps?: Record<string, string>;
  /** The type declarations it publishes of its exposed modules (types/index.d.ts, as the release command writes them). */
  publishedProps?: Record<string, string>;
  /** What its pages pass the modules of others they embed, as its release recorded it. */
  uses?: Record<string, string>;
}

function manifestOf(remote: Remote, version: string, build: Build = {}): Manifest {
  const [sharedVersion, sharedRange] = build.sharedPackage ?? ['2.1.0', '^2.0.0'];
  return {
    metaData: {
      name: remote.replace('-', '_'),
      buildInfo: { buildVersion: version, buildName: remote },
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      publicPath: 'auto',
      pluginVersion: FEDERATION,
    },
    shared: [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.2.0', singleton: true },
      { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.2.0', singleton: true },
      { name: '@storefront/shared', version: sharedVersion, requiredVersion: sharedRange, singleton: true },
    ],
    exposes: [...REMOTE_MODULES[remote], ...(build.extraExposes ?? [])].map((name) => ({ name, path: `./${name}` })),
  };
}

function contractOf(remote: Remote, version: string, build: Build = {}): Contract {
  const manifest = manifestOf(remote, version, build);
  return {
    name: remote,
    version,
    exposes: manifest.exposes.map((expose) => expose.name),
    slices: INJECTS[remote].slices,
    endpoints: build.endpoints ?? INJECTS[remote].endpoints,
    shared: Object.fromEntries(manifest.shared.map(({ name, version: built, requiredVersion }) => [name, { version: built, requiredVersion }])),
    ...(build.exposedProps ? { exposedProps: build.exposedProps } : {}),
    ...(build.publishedProps ? { types: DECLARATIONS_PATH } : {}),
    ...(build.uses ? { uses: build.uses } : {}),
  };
}

/** The cart's Add to Cart as it takes what the product page and the cards pass it (their src/embeds.ts), and its header lists. */
const ADD_TO_CART = '{ product: unknown; colour: null | string; size: null | string; place: "panel" | "bar" | "card"; onChooseOptions?: (() => void) }';
const CART_PROPS = { AddToCart: ADD_TO_CART, HeaderLists: '{}' };
/** What the product page passes it. */
const PRODUCT_USE = '{ product: unknown; colour: null | string; size: null | string; place: "panel" | "bar"; onChooseOptions?: (() => void) }';

/** The releases every test composes from. */
const RELEASES: [Remote, string, Build?][] = [
  ['mfe-catalog', '1.0.0'],
  ['mfe-product', '1.0.0'],
  ['mfe-account', '1.0.0'],
  ['mfe-cart', '0.9.0'],
  ['mfe-cart', '1.0.1'],
  ['mfe-cart', '1.0.2', { sharedPackage: ['2.0.0', '^2.0.0'] }],
  ['mfe-cart', '1.0.3', { sharedPackage: ['2.1.0', '^2.1.0'], extraExposes: ['SavedForLater'] }],
  ['mfe-cart', '2.0.0', { sharedPackage: ['3.0.0', '^3.0.0'] }],
  ['mfe-cart', '1.0.4', { exposedProps: CART_PROPS }],
  // Its Add to Cart renamed the prop that says where it is drawn.
  ['mfe-cart', '1.0.5', { exposedProps: { ...CART_PROPS, AddToCart: ADD_TO_CART.replace('place:', 'where:') } }],
  // Releases that publish their modules' types: the same renaming, and one that still fits.
  ['mfe-cart', '1.0.6', { publishedProps: { ...CART_PROPS, AddToCart: ADD_TO_CART.replace('place:', 'where:') } }],
  ['mfe-cart', '1.0.7', { publishedProps: CART_PROPS }],
  // A product page released passing Add to Cart a prop no cart release takes.
  ['mfe-product', '1.1.0', { uses: { 'mfe-cart/AddToCart': PRODUCT_USE.replace('place:', 'compact: boolean; place:') } }],
];

function buildOf(remote: Remote, version: string): Build {
  return RELEASES.find(([name, released]) => name === remote && released === version)?.[2] ?? {};
}

/** A release folder as the release command leaves it. */
async function writeRelease(folder: string, remote: Remote, version: string, build: Build = {}): Promise<void> {
  await mkdir(path.join(folder, 'server'), { recursive: true });
  await writeFile(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifestOf(remote, version, build)));
  await writeFile(path.join(folder, 'contract.json'), JSON.stringify(contractOf(remote, version, build)));
  if (build.publishedProps) {
    await mkdir(path.join(folder, path.dirname(DECLARATIONS_PATH)), { recursive: true });
    await writeFile(path.join(folder, DECLARATIONS_PATH), declarationsOf(remote, version, build.publishedProps));
  }
  await writeFile(path.join(folder, 'remoteEntry.js'), `/* ${remote}@${version} */`);
  await writeFile(path.join(folder, 'server', 'remoteEntry.js'), `/* ${remote}@${version} server */`);
}

let workDir: string;
let releasesDir: string;
let shellManifest: string;
let server: Server;
let origin: string;
let compositions = 0;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'compose-'));
  releasesDir = path.join(workDir, 'releases');
  await Promise.all(RELEASES.map(([remote, version, build]) => writeRelease(path.join(releasesDir, remote, version), remote, version, build)));
  shellManifest = path.join(workDir, 'shell-mf-manifest.json');
  await writeFile(
    shellManifest,
    JSON.stringify({
      metaData: { name: 'shell', buildInfo: { buildVersion: '1.0.0' }, remoteEntry: { name: '', path: '' }, pluginVersion: FEDERATION },
      shared: Object.entries(SHELL_SHARED).map(([name, version]) => ({ name, version, singleton: true })),
      exposes: [],
    }),
  );
  // /<remote>/<version>/<file> from the release store; under /slow/ each answer takes 800 ms; under
  // /other/ the same releases from a second place (another host or CDN).
  server = createServer((request, response) => {
    const slow = request.url?.startsWith('/slow/') ?? false;
    const file = path.join(releasesDir, ...(request.url ?? '/').replace(/^\/(slow|other)\//, '/').split('/').filter((part) => part && part !== '..'));
    setTimeout(
      () => {
        readFile(file).then(
          (body) => response.writeHead(200, { 'content-type': file.endsWith('.json') ? 'application/json' : 'text/javascript' }).end(body),
          () => response.writeHead(404).end('not found'),
        );
      },
      slow ? 800 : 0,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(workDir, { recursive: true, force: true });
});

interface Composition {
  file: string;
  env: NodeJS.ProcessEnv;
  store: FileCompositionStore;
  /** The manifest URL of a release, as compose writes it. */
  manifest: (remote: Remote, version: string) => string;
  /** RELEASE_BASE_URL, which compose records with the composition. */
  releaseBase: string;
}

/** A composition folder of its own, and the environment the compose command needs to work on it. */
async function newComposition(options: { slow?: boolean } = {}): Promise<Composition> {
  compositions += 1;
  const file = path.join(workDir, `composition-${compositions}`, 'composition.json');
  const base = `${origin}${options.slow ? '/slow' : ''}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RELEASES_DIR: releasesDir,
    RELEASE_BASE_URL: `${base}/{remote}`,
    SHELL_MANIFEST: shellManifest,
    COMPOSITION_FILE: file,
    COMPOSE_ACTOR: 'thandi',
    KNOWN_GOOD_AFTER: '30m',
    // Files, whatever the caller's environment says (CI points DATABASE_URL at a server).
    DATABASE_URL: '',
  };
  return { file, env, store: new FileCompositionStore(file), manifest: (remote, version) => `${base}/${remote}/${version}/mf-manifest.json`, releaseBase: `${base}/{remote}` };
}

function documentOf(composition: Composition, cart: string): CompositionDocument {
  const remotes: CompositionDocument['remotes'] = {};
  for (const remote of REMOTES) {
    const version = remote === 'mfe-cart' ? cart : '1.0.0';
    remotes[remote] = { version, manifest: composition.manifest(remote, version) };
  }
  return { remotes, releaseBase: composition.releaseBase };
}

function factsFor(document: CompositionDocument): Partial<Record<Remote, ReleaseFacts>> {
  const facts: Partial<Record<Remote, ReleaseFacts>> = {};
  for (const remote of REMOTES) {
    const version = document.remotes[remote]?.version ?? '';
    facts[remote] = factsOf(manifestOf(remote, version, buildOf(remote, version)), contractOf(remote, version, buildOf(remote, version)));
  }
  return facts;
}

/** Revisions made as the compose command would have made them, one per cart version. */
async function seed(composition: Composition, ...carts: string[]): Promise<void> {
  for (const [index, cart] of carts.entries()) {
    const document = documentOf(composition, cart);
    await composition.store.publish(
      { by: 'seed', reason: `cart ${cart}`, action: 'set', composition: document, facts: factsFor(document), shell: SHELL_SHARED, checkedAt: new Date().toISOString() },
      index,
    );
  }
}

interface Run {
  code: number;
  output: string;
}

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

/** The lines each in-process run printed, kept apart for runs side by side. */
const printed = new AsyncLocalStorage<string[]>();
/** The environment of the runs in progress: runs side by side share process.env, so they must share it. */
let running: { env: NodeJS.ProcessEnv; count: number; before: NodeJS.ProcessEnv } | null = null;

beforeAll(() => {
  for (const stream of ['log', 'error'] as const) {
    const original = console[stream].bind(console);
    jest.spyOn(console, stream).mockImplementation((...parts: unknown[]) => {
      const lines = printed.getStore();
      if (lines) lines.push(format(...parts));
      else original(...parts);
    });
  }
});

afterAll(() => jest.restoreAllMocks());

/** One compose command in this process, as scripts/compose.ts runs it: the exit code it would end with, and what it printed. */
async function compose(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  if (running && running.env !== env) throw new Error('compose runs side by side must share one environment: they share process.env');
  running ??= { env, count: 0, before: process.env };
  running.count += 1;
  process.env = env;
  const lines: string[] = [];
  try {
    const ok = await printed.run(lines, async () => {
      try {
        return await runCompose(args);
      } catch (error) {
        reportComposeError(error);
        return false;
      }
    });
    return { code: ok ? 0 : 1, output: lines.map((line) => `${line}\n`).join('') };
  } finally {
    running.count -= 1;
    if (running.count === 0) {
      process.env = running.before;
      running = null;
    }
  }
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

describe('who and why', () => {
  it('takes --by, else COMPOSE_ACTOR, else the OS user, and refuses names that are not 1 to 64 printable characters', () => {
    expect(readActor('sipho', { COMPOSE_ACTOR: 'thandi' }, () => 'root')).toBe('sipho');
    expect(readActor(undefined, { COMPOSE_ACTOR: 'thandi' }, () => 'root')).toBe('thandi');
    expect(readActor(undefined, { COMPOSE_ACTOR: ' ' }, () => 'root')).toBe('root');
    expect(() => readActor('a\nb', {}, () => 'root')).toThrow(/^--by must be a name of 1 to 64 printable characters/);
    expect(() => readActor('', {}, () => 'root')).toThrow(/^--by must be/);
    expect(() => readActor(undefined, { COMPOSE_ACTOR: 'x'.repeat(65) }, () => 'root')).toThrow(/^COMPOSE_ACTOR must be/);
    expect(() => readActor(undefined, {}, () => 'bad\u001b[31m')).toThrow(/--by <name> or COMPOSE_ACTOR/);
    expect(() => readActor(undefined, {}, () => {
      throw new Error('no passwd entry');
    })).toThrow(UsageError);
    expect(readActor('Nomsa Dlamini-Ngcobo', {}, () => 'root')).toBe('Nomsa Dlamini-Ngcobo');
  });

  it('takes a reason of at most 500 characters on one line, required for a rollback', () => {
    expect(readReason(undefined, false, 'set')).toBeNull();
    expect(() => readReason(undefined, true, 'rollback')).toThrow('rollback needs a reason');
    expect(readReason('  cart 1.0.3 breaks checkout ', true, 'rollback')).toBe('cart 1.0.3 breaks checkout');
    expect(() => readReason('x'.repeat(501), false, 'set')).toThrow('at most 500 characters');
    expect(() => readReason('one\ntwo', false, 'set')).toThrow('no control characters');
    expect(() => readReason(' ', false, 'set')).toThrow('--reason is empty');
  });
});

describe('the release command’s verdict', () => {
  const shell: ShellFacts = { shared: SHELL_SHARED, requiredModules: REMOTE_MODULES, federationRuntime: FEDERATION };
  const nowhere = () => ({ remotes: {} });

  async function staged(version: string, build: Build = {}, remote: Remote = 'mfe-cart'): Promise<string> {
    const folder = path.join(workDir, 'staging', `${remote}-${version}`);
    await writeRelease(folder, remote, version, build);
    return folder;
  }

  /** A live revision whose remotes answer nowhere: what it recorded is all there is to judge by. */
  async function liveRevisionRecorded(): Promise<FileCompositionStore> {
    const composition = await newComposition();
    const document = documentOf(composition, '1.0.1');
    for (const remote of REMOTES) document.remotes[remote] = { version: '1.0.0', manifest: `http://127.0.0.1:9/${remote}/1.0.0/mf-manifest.json` };
    const facts = factsFor(documentOf(composition, '1.0.1'));
    await composition.store.publish({ by: 'seed', reason: null, action: 'set', composition: document, facts, shell: SHELL_SHARED, checkedAt: new Date().toISOString() }, 0);
    return composition.store;
  }

  it('says a release that fits the shell and the live revision could go live', async () => {
    const store = await liveRevisionRecorded();
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.1.0', folder: await staged('1.1.0'), shell, store, servedBefore: nowhere });
    expect(verdict).toMatchObject({ couldGoLive: true, problems: [], notChecked: [], beside: 'live revision 1' });
    expect(verdict.lines).toEqual([
      "✓ mfe-cart@1.1.0 could go live: it exposes every module the shell loads from it, fits the shell's singletons (react 19.3.1, react-dom 19.3.1, @storefront/shared 2.1.0) and federation runtime 2.9.2, and injects no slice or endpoint that account, catalog, product of live revision 1 inject",
    ]);
  });

  it('says a release that injects what another remote of the live revision injects could not go live, with the fix', async () => {
    const store = await liveRevisionRecorded();
    const folder = await staged('1.1.1', { endpoints: ['getCart', 'getProductFacets'] });
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.1.1', folder, shell, store, servedBefore: nowhere });
    expect(verdict.couldGoLive).toBe(false);
    expect(verdict.problems).toEqual([expect.objectContaining({ rule: 'unique-injections', message: 'endpoint "getProductFacets" is injected by both mfe-catalog and mfe-cart' })]);
    expect(verdict.lines[0]).toBe('✗ mfe-cart@1.1.1 could not go live as things are (judged against the shell and live revision 1):');
    expect(verdict.lines[2]).toMatch(/^ {6}fix: rename it in one of them/);
  });

  it('says a release whose exposed module needs a prop the shell does not pass could not go live', async () => {
    const store = await liveRevisionRecorded();
    const folder = await staged('1.1.2', { exposedProps: { ...CART_PROPS, HeaderLists: '{ compact: boolean }' } });
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.1.2', folder, shell, store, servedBefore: nowhere });
    expect(verdict.couldGoLive).toBe(false);
    expect(verdict.problems).toEqual([expect.objectContaining({ rule: 'exposed-props', message: expect.stringMatching(/^HeaderLists \(compact\): /) })]);
  });

  it("says a release whose pages pass a live module what its published types do not take could not go live, naming the module and the prop", async () => {
    const composition = await newComposition();
    await seed(composition, '1.0.7');
    const build = buildOf('mfe-product', '1.1.0');
    const verdict = await judgeRelease({ remote: 'mfe-product', version: '1.1.1', folder: await staged('1.1.1', build, 'mfe-product'), shell, store: composition.store, servedBefore: nowhere });
    expect(verdict.couldGoLive).toBe(false);
    expect(verdict.problems).toEqual([
      expect.objectContaining({ remote: 'mfe-cart', rule: 'exposed-props', message: expect.stringMatching(/^AddToCart \(compact\): mfe-cart@1\.0\.7's AddToCart no longer takes what its consumers pass it \(mfe-product@1\.1\.1\)/) }),
    ]);
    // The same pages passing what the live cart takes could go live.
    const fits = await judgeRelease({ remote: 'mfe-product', version: '1.1.2', folder: await staged('1.1.2', { uses: { 'mfe-cart/AddToCart': PRODUCT_USE } }, 'mfe-product'), shell, store: composition.store, servedBefore: nowhere });
    expect(fits.problems).toEqual([]);
  });

  it("compiles a team's working copy against the live releases' published types", async () => {
    const renamed = await newComposition();
    await seed(renamed, '1.0.6');
    const misfit = await judgeWorkingCopy('mfe-product', renamed.store, nowhere);
    expect(misfit.ok).toBe(false);
    expect(misfit.lines[0]).toBe('✗ mfe-product does not fit the published types of live revision 1:');
    expect(misfit.lines[1]).toMatch(/^ {2}✗ \[exposed-props\] AddToCart \(place, where\): mfe-cart@1\.0\.6's AddToCart no longer takes what its consumers pass it \(.*mfe-product@this checkout\)/);
    const fitting = await newComposition();
    await seed(fitting, '1.0.7');
    expect(await judgeWorkingCopy('mfe-product', fitting.store, nowhere)).toEqual({ ok: true, lines: [expect.stringMatching(/^✓ mfe-product fits the published types of live revision 1 \(none read of mfe-account@1\.0\.0, mfe-catalog@1\.0\.0\)$/)] });
    // The shell's working copy is judged the same way; it passes the cart nothing that was renamed.
    expect((await judgeWorkingCopy('shell', renamed.store, nowhere)).ok).toBe(true);
  }, 30_000);

  it('says a release built against another @storefront/shared major could not go live', async () => {
    const store = await liveRevisionRecorded();
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.2.0', folder: await staged('1.2.0', { sharedPackage: ['3.0.0', '^3.0.0'] }), shell, store, servedBefore: nowhere });
    expect(verdict.couldGoLive).toBe(false);
    expect(verdict.problems.map((problem) => problem.rule)).toEqual(['singleton-version']);
  });

  it('reads the other remotes’ contracts over HTTP while nothing is composed, and says which it could not check', async () => {
    const composition = await newComposition();
    const servedBefore = (): CompositionDocument => {
      const document = documentOf(composition, '1.0.1');
      document.remotes['mfe-account'] = { version: '1.0.0', manifest: `${origin}/mfe-account/7.7.7/mf-manifest.json` };
      return document;
    };
    const folder = await staged('1.1.2', { endpoints: ['getProducts'] });
    const verdict = await judgeRelease({ remote: 'mfe-cart', version: '1.1.2', folder, shell, store: composition.store, servedBefore });
    expect(verdict.beside).toBe('the working builds (nothing is composed yet)');
    expect(verdict.problems).toEqual([expect.objectContaining({ rule: 'unique-injections', message: 'endpoint "getProducts" is injected by both mfe-catalog and mfe-cart' })]);
    expect(verdict.notChecked).toEqual([{ remote: 'mfe-account', why: `its contract beside ${origin}/mfe-account/7.7.7/mf-manifest.json answered 404` }]);
    expect(verdict.lines[verdict.lines.length - 1]).toBe(`  ! not checked for slice and endpoint clashes with mfe-account: its contract beside ${origin}/mfe-account/7.7.7/mf-manifest.json answered 404`);
  });
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
