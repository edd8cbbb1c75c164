/**
 * Releases fabricated for the compose command's and the release command's tests: each remote's
 * manifest, contract and published types as the release command writes them, served by a small
 * HTTP server from a temporary folder of the test file's own; compositions made beside them, and
 * revisions as the compose command would have made them. No build is needed.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { factsOf, type Contract, type Manifest, type ReleaseFacts } from '@storefront/edge/composition-rules';
import { FileCompositionStore, type CompositionDocument } from '@storefront/release-state';
import { REMOTES, type Remote } from '@storefront/edge/packages';
import { REMOTE_MODULES } from 'shell/remote-modules';
import { DECLARATIONS_PATH, declarationsOf } from '../exposedProps';

export const SHELL_SHARED = { react: '19.3.1', 'react-dom': '19.3.1', '@storefront/shared': '2.1.0' };
export const FEDERATION = '2.9.2';
/** What each remote injects into the one store. */
const INJECTS: Record<Remote, { slices: string[]; endpoints: string[] }> = {
  'mfe-catalog': { slices: ['catalog'], endpoints: ['getProducts', 'getProductFacets'] },
  'mfe-product': { slices: ['product'], endpoints: ['getProduct'] },
  'mfe-cart': { slices: ['cart'], endpoints: ['getCart'] },
  'mfe-account': { slices: ['account'], endpoints: ['getAccount'] },
};

export interface Build {
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
export const CART_PROPS = { AddToCart: ADD_TO_CART, HeaderLists: '{}' };
/** What the product page passes it. */
export const PRODUCT_USE = '{ product: unknown; colour: null | string; size: null | string; place: "panel" | "bar"; onChooseOptions?: (() => void) }';

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

export function buildOf(remote: Remote, version: string): Build {
  return RELEASES.find(([name, released]) => name === remote && released === version)?.[2] ?? {};
}

/** A release folder as the release command leaves it. */
export async function writeRelease(folder: string, remote: Remote, version: string, build: Build = {}): Promise<void> {
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

export interface Composition {
  file: string;
  env: NodeJS.ProcessEnv;
  store: FileCompositionStore;
  /** The manifest URL of a release, as compose writes it. */
  manifest: (remote: Remote, version: string) => string;
  /** RELEASE_BASE_URL, which compose records with the composition. */
  releaseBase: string;
}

export interface ServedReleases {
  /** The test file's own folder: the release store, the shell's manifest and every composition are made in it. */
  workDir: string;
  /** The release store: a folder per remote and version, as the release command leaves them. */
  releasesDir: string;
  /** Where the server answers (http://127.0.0.1:<port>), once the file's beforeAll has started it. */
  readonly origin: string;
  /** A composition folder of its own, and the environment the compose command needs to work on it. */
  newComposition: (options?: { slow?: boolean }) => Promise<Composition>;
}

/**
 * The releases every test composes from, for the tests of the file that calls this, at its top
 * level: its folder is named now, made and served in the file's beforeAll, and stopped and removed
 * in its afterAll. Each file has its own, as jest runs files side by side.
 */
export function servedReleases(): ServedReleases {
  const workDir = path.join(os.tmpdir(), `compose-${randomUUID()}`);
  const releasesDir = path.join(workDir, 'releases');
  const shellManifest = path.join(workDir, 'shell-mf-manifest.json');
  let server: Server;
  let origin: string;
  let compositions = 0;

  beforeAll(async () => {
    await mkdir(workDir);
    await Promise.all(RELEASES.map(([remote, version, build]) => writeRelease(path.join(releasesDir, remote, version), remote, version, build)));
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

  return {
    workDir,
    releasesDir,
    get origin() {
      return origin;
    },
    newComposition,
  };
}

export function documentOf(composition: Composition, cart: string): CompositionDocument {
  const remotes: CompositionDocument['remotes'] = {};
  for (const remote of REMOTES) {
    const version = remote === 'mfe-cart' ? cart : '1.0.0';
    remotes[remote] = { version, manifest: composition.manifest(remote, version) };
  }
  return { remotes, releaseBase: composition.releaseBase };
}

export function factsFor(document: CompositionDocument): Partial<Record<Remote, ReleaseFacts>> {
  const facts: Partial<Record<Remote, ReleaseFacts>> = {};
  for (const remote of REMOTES) {
    const version = document.remotes[remote]?.version ?? '';
    facts[remote] = factsOf(manifestOf(remote, version, buildOf(remote, version)), contractOf(remote, version, buildOf(remote, version)));
  }
  return facts;
}

/** Revisions made as the compose command would have made them, one per cart version. */
export async function seed(composition: Composition, ...carts: string[]): Promise<void> {
  for (const [index, cart] of carts.entries()) {
    const document = documentOf(composition, cart);
    await composition.store.publish(
      { by: 'seed', reason: `cart ${cart}`, action: 'set', composition: document, facts: factsFor(document), shell: SHELL_SHARED, checkedAt: new Date().toISOString() },
      index,
    );
  }
}
