/**
 * Where the edge finds the composition it serves (`CompositionSource`): the composition store,
 * opened once per edge (`openCompositionSource`) and read again only when it has changed, or the
 * working builds while nothing is published (`localComposition`); and the shell this edge serves,
 * as its manifest says, which fallbacks and previews are judged by.
 */
import {
  DEFAULT_ENVIRONMENT,
  environmentFile,
  FileCompositionStore,
  PgCompositionStore,
  type CompositionDocument,
  type CompositionEntry,
  type CompositionStore,
  type LiveComposition,
  type Revision,
  currentStat,
} from '@storefront/release-state';
import { readShellFacts, type ShellFacts } from './compositionRules';
import { REMOTES, workingVersions, type Ports, type Remote } from './packages';

/**
 * The working builds of this checkout, each remote's at its version on its own port. The edge
 * names them by the versions read when the store started (CompositionSource.workingVersions);
 * without `versions`, by what the package.json files say now.
 */
export function localComposition(ports: Ports, publicHost: string, versions: Record<Remote, string> = workingVersions()): CompositionDocument {
  const remotes: CompositionDocument['remotes'] = {};
  for (const remote of REMOTES) {
    const version = versions[remote];
    remotes[remote] = { version, manifest: `http://${publicHost}:${ports.remotes[remote]}/${version}/mf-manifest.json` };
  }
  return { remotes };
}

/**
 * Where the edge finds the composition it serves, and what it judges fallbacks and previews by.
 * Plain data: render threads are given it as they start.
 */
export interface CompositionSource {
  ports: Ports;
  /** Host name the browser uses for the remotes' origins (the working builds'). */
  publicHost: string;
  /**
   * Production's live composition file (COMPOSITION_FILE; another environment's is beside it); the
   * working builds are served while the environment's does not exist. Not read with `readerUrl`.
   */
  file: string;
  /** COMPOSITION_ENV: the environment whose composition this edge serves (production unless said). */
  environment?: string;
  /**
   * COMPOSITION_READER_URL: the compositions are in PostgreSQL, shared by every edge, read through
   * a role that can only read them (openCompositionSource refuses one that could write).
   */
  readerUrl?: string;
  /**
   * The working builds' versions, read once when the store started (packages.ts's
   * workingVersions): a version raised in a package.json meanwhile changes nothing served.
   */
  workingVersions: Record<Remote, string>;
  /** The manifest of the shell build this edge serves: fallbacks and previews must fit that shell. */
  shellManifest: string;
  /** How long a checked revision must stay live, and not be rolled away, to be known good (KNOWN_GOOD_AFTER). */
  knownGoodAfterMs: number;
}

export type Fallbacks = Partial<Record<Remote, CompositionEntry>>;

/** The store of each source, by where it is: one per edge, so what it reads is read once. */
const stores = new Map<string, CompositionStore>();

function storeKey(source: CompositionSource): string {
  return JSON.stringify([source.readerUrl ?? null, source.file, source.environment ?? DEFAULT_ENVIRONMENT]);
}

/** Each source's store, found without making its key on every page. */
const storesBySource = new WeakMap<CompositionSource, CompositionStore>();

function storeOf(source: CompositionSource): CompositionStore {
  const known = storesBySource.get(source);
  if (known) return known;
  const key = storeKey(source);
  let store = stores.get(key);
  if (!store) {
    const environment = source.environment ?? DEFAULT_ENVIRONMENT;
    store = source.readerUrl ? new PgCompositionStore({ connectionString: source.readerUrl, environment }) : new FileCompositionStore(environmentFile(environment, source.file));
    stores.set(key, store);
  }
  storesBySource.set(source, store);
  return store;
}

/**
 * Readies the edge's composition before it serves. In PostgreSQL the edge's role must only read
 * compositions (remote code runs in its process, so it never holds a key that could change what
 * is live): one that could write is refused here. It then follows them: a NOTIFY from every
 * change, and a look every few seconds besides, so each page costs no query. Gives what lets go.
 */
export async function openCompositionSource(source: CompositionSource, log: (line: string) => void = (line) => console.error(line)): Promise<() => Promise<void>> {
  const store = storeOf(source);
  const close = async () => {
    stores.delete(storeKey(source));
    storesBySource.delete(source);
    liveReads.delete(store.name);
    await store.close();
  };
  if (store instanceof PgCompositionStore) {
    try {
      if (await store.canWrite()) {
        throw new Error('COMPOSITION_READER_URL names a role that can change compositions: the edge runs other teams\' server code, so give it a role that can only read them (docs/releasing.md, "Several edges, one composition")');
      }
      await store.follow({ log });
    } catch (error) {
      await close();
      throw error;
    }
  }
  return close;
}

/** What a browser was served, once per arm: the live remotes, or the canary's over them. */
type ArmFallbacks = { shell: string | null; afterMs: number; until: number | null; value: Fallbacks };

/** The live composition and the revisions, as read at one change token of the store. */
export interface LiveRead {
  token: string;
  live: LiveComposition;
  /** Every revision, oldest first (none when they cannot be read). */
  revisions: Revision[];
  /** The facts recorded for the remotes of the live revision, when it is one, as served. */
  liveFacts: Revision['facts'];
  /** The fallbacks last worked out for each arm, for a shell, and until when they hold. */
  fallbacks?: Partial<Record<'live' | 'canary', ArmFallbacks>>;
}

const liveReads = new Map<string, { token: string; read: Promise<LiveRead | null> }>();

async function readLive(store: CompositionStore, token: string): Promise<LiveRead | null> {
  const live = await store.live();
  if (!live) return null;
  const revisions = await store.revisions().catch((error: unknown) => {
    console.error(`[edge] the revisions of ${store.name} cannot be read, so no remote has a fallback: ${error instanceof Error ? error.message : String(error)}`);
    return [] as Revision[];
  });
  const liveRevision = live.revision === null ? undefined : revisions.find((revision) => revision.revision === live.revision);
  // Only for the remotes the live file serves as its revision has them (a live file edited by hand may differ).
  const liveFacts: Revision['facts'] = {};
  for (const remote of REMOTES) {
    const facts = liveRevision?.facts[remote];
    if (facts && liveRevision?.composition.remotes[remote]?.manifest === live.document.remotes[remote]?.manifest) liveFacts[remote] = facts;
  }
  return { token, live, revisions, liveFacts };
}

/**
 * The live composition and its revisions, or null while nothing is published: read again only when
 * the store's change token has changed (a publish writes the revision first and the live file
 * last), so a page costs one look at the live file, not a read of it and every revision.
 */
export async function currentLive(source: CompositionSource): Promise<LiveRead | null> {
  const store = storeOf(source);
  const token = await store.changeToken();
  if (token === null) {
    liveReads.delete(store.name);
    return null;
  }
  const known = liveReads.get(store.name);
  if (known?.token === token) return known.read;
  const read = readLive(store, token);
  liveReads.set(store.name, { token, read });
  // One that failed (a live file written by hand and not JSON, say) is read again on the next page.
  read.catch(() => {
    if (liveReads.get(store.name)?.read === read) liveReads.delete(store.name);
  });
  return read;
}

/** The live composition's remotes (the working builds' while nothing is published): what the render threads keep loaded. */
export async function liveRemotes(source: CompositionSource): Promise<CompositionDocument['remotes']> {
  const read = await currentLive(source);
  return (read?.live.document ?? localComposition(source.ports, source.publicHost, source.workingVersions)).remotes;
}

/** The shell this edge serves, as its manifest says: `key` changes with the file; no facts when it is missing or cannot be read. */
export interface ServedShell {
  key: string | null;
  facts: ShellFacts | null;
}

const shellReads = new Map<string, { key: string; facts: Promise<ShellFacts | null> }>();

export async function currentShell(manifest: string): Promise<ServedShell> {
  const stat = await currentStat(manifest);
  if (!stat) {
    shellReads.delete(manifest);
    return { key: null, facts: null };
  }
  const key = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
  let known = shellReads.get(manifest);
  if (known?.key !== key) {
    known = {
      key,
      facts: readShellFacts(manifest).catch((error: unknown) => {
        console.error(`[edge] the shell's manifest cannot be read, so no remote has a fallback and no preview is served: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }),
    };
    shellReads.set(manifest, known);
  }
  return { key, facts: await known.facts };
}
