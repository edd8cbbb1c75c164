/**
 * The composition module of the edge: what it answers at /composition.json (the live composition
 * of the composition store, or the working builds while nothing is published; each remote's
 * fallback, from the known-good revisions; a tester's preview from their session cookie, when the
 * release passes the rules), the preview links, and the origins a page may load scripts from
 * (edge/src/securityHeaders.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkFacts, checkRelease, readShellFacts, type Injector, type ShellFacts } from './compositionRules';
import {
  armOf,
  BROWSER_ID_PATTERN,
  DEFAULT_ENVIRONMENT,
  environmentFile,
  FileCompositionStore,
  PgCompositionStore,
  newBrowserId,
  newPageViewId,
  signPageView,
  type Arm,
  knownGoodFallbacks,
  knownGoodFrom,
  knownGoodRevisions,
  remoteFromName,
  type CompositionDocument,
  type CompositionEntry,
  type CompositionStore,
  type LiveComposition,
  type Revision,
  currentStat,
} from '@storefront/release-state';
import { CANARY_COOKIE, CANARY_COOKIE_MAX_AGE_SECONDS } from '@storefront/contracts';
import { REMOTES, workingVersions, type Ports, type Remote } from './packages';
import { isReleased, listReleases, readRelease, releaseManifestUrl } from './releaseStore';
import { withRemoteEntries, type ManifestReader } from './routePreloads';

export const PREVIEW_COOKIE = 'sf_preview';

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

export function previewAllowed(): boolean {
  return process.env.NODE_ENV !== 'production' || process.env.ALLOW_PREVIEW === 'true';
}

export interface PreviewChoice {
  remote: Remote;
  version: string;
}

/** `mfe-catalog@1.5.0-rc.1,cart@2.1.0` → the choices, or the reason it cannot be previewed. */
export async function parsePreview(value: string): Promise<{ choices: PreviewChoice[]; problem: string | null }> {
  const choices: PreviewChoice[] = [];
  for (const part of value.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [name = '', version = ''] = part.split('@');
    const remote = remoteFromName(name);
    if (!remote) return { choices: [], problem: `"${name}" is not one of our remotes` };
    if (!(await isReleased(remote, version))) {
      const released = await listReleases(remote);
      return { choices: [], problem: `${remote}@${version} is not in the release store (released: ${released.join(', ') || 'none'})` };
    }
    choices.push({ remote, version });
  }
  return { choices, problem: choices.length === 0 ? 'say what to preview: ?preview=mfe-catalog@1.5.0-rc.1' : null };
}

function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
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

/** A preview the rules refused: the shopper gets the live version instead, and the banner says why. */
export interface RefusedPreview {
  remote: Remote;
  version: string;
  /** What the rules found, in short. */
  reason: string;
}

export type Fallbacks = Partial<Record<Remote, CompositionEntry>>;

export type ServedComposition = Awaited<ReturnType<typeof servedComposition>>;

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
interface LiveRead {
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
async function currentLive(source: CompositionSource): Promise<LiveRead | null> {
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
interface ServedShell {
  key: string | null;
  facts: ShellFacts | null;
}

const shellReads = new Map<string, { key: string; facts: Promise<ShellFacts | null> }>();

async function currentShell(manifest: string): Promise<ServedShell> {
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

/**
 * Each remote's fallback: its version in the newest known-good revision that names another
 * release of it and fits the shell served now (checkFacts on the facts recorded when that
 * revision passed the checks); none without the shell's facts. Worked out again when the store or
 * the shell changes, and when the newest revision becomes known good (then without any write).
 */
function fallbacksOf(read: LiveRead, arm: 'live' | 'canary', remotes: CompositionDocument['remotes'], shell: ServedShell, afterMs: number, now: number): Fallbacks {
  const kept = read.fallbacks?.[arm];
  if (kept && kept.shell === shell.key && kept.afterMs === afterMs && (kept.until === null || now < kept.until)) return kept.value;
  const facts = shell.facts;
  // A canary's remote falls back on the newest known-good version other than its own: the live one, once that is known good.
  const value = facts
    ? knownGoodFallbacks({ remotes }, knownGoodRevisions(read.revisions, now, afterMs), (remote, version, recorded) => checkFacts(remote, version, recorded, facts).length === 0)
    : {};
  read.fallbacks = { ...read.fallbacks, [arm]: { shell: shell.key, afterMs, until: knownGoodFrom(read.revisions, now, afterMs), value } };
  return value;
}

/** The verdicts on previews (the reason it was refused, or null), by release, live composition and shell: a release never changes. */
const verdicts = new Map<string, Promise<string | null>>();
const MAX_VERDICTS = 256;

/**
 * Why a release in the release store may not be previewed, or null when it may: it is judged as
 * the compose command judges a release (checkRelease), against the shell served now and beside the
 * live revision's other remotes (their recorded facts).
 */
async function judgePreview({ remote, version }: PreviewChoice, read: LiveRead | null, shell: ServedShell): Promise<{ reason: string | null; final: boolean }> {
  if (!shell.facts) return { reason: `the shell's manifest cannot be read, so ${remote} ${version} cannot be checked`, final: true };
  const release = await readRelease(remote, version);
  // Not final: a release being published has its manifest last.
  if (!release) return { reason: `the manifest of ${remote} ${version} in the release store cannot be read`, final: false };
  const others: Injector[] = Object.entries(read?.liveFacts ?? {}).flatMap(([other, facts]) => (facts && other !== remote ? [{ remote: other, slices: facts.slices, endpoints: facts.endpoints }] : []));
  const problems = checkRelease({ remote, version, ...release }, shell.facts, others);
  return { reason: problems.length === 0 ? null : problems.map((problem) => problem.message).join('; '), final: true };
}

function previewVerdict(choice: PreviewChoice, read: LiveRead | null, shell: ServedShell): Promise<string | null> {
  const key = JSON.stringify([choice.remote, choice.version, read?.token ?? null, shell.key]);
  const known = verdicts.get(key);
  if (known) return known;
  const judged = judgePreview(choice, read, shell);
  const verdict = judged.then(({ reason }) => reason);
  verdicts.set(key, verdict);
  if (verdicts.size > MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value as string);
  void judged.then(
    ({ final }) => {
      if (!final) verdicts.delete(key);
    },
    () => verdicts.delete(key),
  );
  return verdict;
}

/**
 * The composition a browser with this Cookie header gets, as the store says now: the live
 * composition, or a running canary's when the browser (by `browserId`, its CANARY_COOKIE) is in
 * its share, with each remote's fallback, and its preview, if any, where the release passes the
 * rules (a refused one is named in `previewRefused`, and the live version served in its place).
 */
export async function servedComposition(cookieHeader: string | undefined, source: CompositionSource, browserId: string | null = browserIdOf(cookieHeader)) {
  const read = await currentLive(source);
  const cookie = readCookie(cookieHeader, PREVIEW_COOKIE);
  const previewing = cookie && previewAllowed() ? cookie : null;
  // The shell's facts judge fallbacks (none while nothing is published) and previews.
  const shell: ServedShell = read || previewing ? await currentShell(source.shellManifest) : { key: null, facts: null };
  const { canary: running, ...live } = read?.live.document ?? localComposition(source.ports, source.publicHost, source.workingVersions);
  const { arm, remotes } = armOf({ remotes: live.remotes, ...(running ? { canary: running } : {}) }, browserId);
  const fallbacks = read ? fallbacksOf(read, arm, remotes, shell, source.knownGoodAfterMs, Date.now()) : {};
  const served = {
    ...live,
    remotes: { ...remotes },
    lastKnownGood: { ...fallbacks },
    arm: arm as Arm,
    /** The revision that started the canary running now, whichever arm this browser is in (null: none runs). */
    canary: running?.startedBy ?? null,
    preview: [] as PreviewChoice[],
    previewRefused: [] as RefusedPreview[],
  };
  if (previewing) {
    const { choices, problem } = await parsePreview(previewing);
    if (!problem) {
      const reasons = await Promise.all(choices.map((choice) => previewVerdict(choice, read, shell)));
      for (const [index, choice] of choices.entries()) {
        const reason = reasons[index];
        if (reason) {
          served.previewRefused.push({ ...choice, reason });
          continue;
        }
        // Served from where the environment serves its releases.
        served.remotes[choice.remote] = { version: choice.version, manifest: releaseManifestUrl(choice.remote, choice.version, source.ports, read?.live.document.releaseBase) };
        served.preview.push(choice);
      }
    }
  }
  if (served.preview.length > 0) served.arm = 'preview';
  return served;
}

/** The browser's id from its CANARY_COOKIE, or null when it sent none (or not one we made). */
export function browserIdOf(cookieHeader: string | undefined): string | null {
  const id = readCookie(cookieHeader, CANARY_COOKIE);
  return id !== undefined && BROWSER_ID_PATTERN.test(id) ? id : null;
}

/**
 * The browser's id, made and set on this answer when it has none, so that it keeps one version
 * of each remote on every page and visit while a canary runs. It says nothing of the shopper and
 * is sent to this site only.
 */
export function browserIdFor(request: FastifyRequest, reply: FastifyReply): string {
  const known = browserIdOf(request.headers.cookie);
  if (known) return known;
  const id = newBrowserId();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${CANARY_COOKIE}=${id}; Path=/; Max-Age=${CANARY_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
  return id;
}

/**
 * A Cookie header without the browser's id: what tells a shopper's request (a session, a cart)
 * from a guest's, whose pages are drawn once and shared. Undefined when nothing else is left.
 */
export function withoutBrowserId(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader || !cookieHeader.includes(`${CANARY_COOKIE}=`)) return cookieHeader;
  const rest = cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !pair.startsWith(`${CANARY_COOKIE}=`));
  return rest.length > 0 ? rest.join('; ') : undefined;
}

/** The signed, single-use page-view token for a composition served (release-state's pageView.ts). */
export function pageViewToken(secret: string, served: Pick<ServedComposition, 'arm' | 'canary' | 'remotes'>, now: number = Date.now()): string {
  const versions: Partial<Record<Remote, string>> = {};
  for (const remote of REMOTES) {
    const entry = served.remotes[remote];
    if (entry) versions[remote] = entry.version;
  }
  return signPageView(secret, { id: newPageViewId(), issuedAt: now, arm: served.arm, canary: served.canary, versions });
}

/** The served composition with each remote's (and fallback's) entry as its manifest names it: what the browser registers. */
export async function withEntries(served: ServedComposition, readManifest: ManifestReader) {
  const [remotes, fallbacks] = await Promise.all([withRemoteEntries(served.remotes, readManifest), withRemoteEntries(served.lastKnownGood, readManifest)]);
  return { ...served, remotes, lastKnownGood: fallbacks };
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origins a page of this composition loads code from: each composed remote's and each
 * fallback's manifest and entry (a release on a CDN loads its chunks from there), and where its
 * api and pictures are when the composition puts them on another origin.
 */
export function compositionOrigins(composition: Awaited<ReturnType<typeof withEntries>>): { scripts: string[]; api: string[]; images: string[] } {
  const scripts = new Set<string>();
  for (const remote of [...Object.values(composition.remotes), ...Object.values(composition.lastKnownGood)]) {
    if (!remote) continue;
    for (const url of [remote.manifest, 'entry' in remote ? remote.entry : undefined]) {
      const origin = originOf(url);
      if (origin) scripts.add(origin);
    }
  }
  const absolute = (value: string | undefined) => (value && /^https?:\/\//i.test(value) ? originOf(value) : null);
  const api = absolute(composition.config?.apiBase);
  const images = absolute(composition.config?.assetHost);
  return { scripts: [...scripts].sort(), api: api ? [api] : [], images: images ? [images] : [] };
}

/**
 * `?preview=mfe-catalog@1.5.0-rc.1` on a page: remember it for this browser session and reload
 * without the parameter; `?preview=off` forgets it. Returns true when it answered the request.
 */
export async function answerPreviewRequest(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const url = new URL(request.url, 'http://edge.invalid');
  const value = url.searchParams.get('preview');
  if (value === null || !previewAllowed()) return false;
  url.searchParams.delete('preview');
  const location = `${url.pathname}${url.search}`;
  reply.header('Cache-Control', 'no-store');
  if (value === 'off') {
    await reply.header('Set-Cookie', `${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`).redirect(location, 302);
    return true;
  }
  const { problem } = await parsePreview(value);
  if (problem) {
    const body = `<!doctype html><meta charset="utf-8"><title>No such preview</title><p>Cannot preview: ${problem.replace(/[<>&"]/g, '')}.</p><p><a href="${location.replace(/[<>&"]/g, '')}">Back to the shop</a></p>`;
    await reply.code(400).type('text/html; charset=utf-8').send(body);
    return true;
  }
  await reply.header('Set-Cookie', `${PREVIEW_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax`).redirect(location, 302);
  return true;
}

/**
 * GET /composition.json: read on every request, so a release manager's change goes live on the
 * next page load; each remote with the entry its manifest names (the browser registers that), the
 * arm this browser is in, and, with a telemetry secret, the page view's token for its health report
 * (one per page load: private, asked again on every load, so no shared cache keeps one for many).
 */
export function registerCompositionRoute(app: FastifyInstance, source: CompositionSource, readManifest: ManifestReader, telemetrySecret?: string): void {
  app.get('/composition.json', async (request, reply) => {
    const browserId = browserIdFor(request, reply);
    const served = await withEntries(await servedComposition(request.headers.cookie, source, browserId), readManifest);
    const answer = telemetrySecret ? { ...served, pageView: pageViewToken(telemetrySecret, served) } : served;
    return reply.header('Cache-Control', 'private, no-cache').type('application/json; charset=utf-8').send(JSON.stringify(answer, null, 2));
  });
}
