/**
 * The composition module of the edge: what it answers at /composition.json (the live composition,
 * the release managers' file or the local working builds when there is none; each remote's last
 * version known good from the history; a tester's preview from their session cookie), the
 * preview links, and the origins a page may load scripts from (edge/src/securityHeaders.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  lastKnownGood,
  readComposition,
  readHistory,
  remoteFromName,
  type CompositionDocument,
} from './compositionStore';
import { currentStat } from './fileStat';
import { packageVersion, REMOTES, type Ports, type Remote } from './packages';
import { isReleased, listReleases, releaseManifestUrl } from './releaseStore';
import { withRemoteEntries, type ManifestReader } from './routePreloads';

export const PREVIEW_COOKIE = 'sf_preview';

/** The working builds of this checkout, each remote's current version on its own port. */
export function localComposition(ports: Ports, publicHost: string): CompositionDocument {
  const remotes: CompositionDocument['remotes'] = {};
  for (const remote of REMOTES) {
    const version = packageVersion(remote);
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

/** Where the edge finds the composition it serves. */
export interface CompositionSource {
  ports: Ports;
  /** Host name the browser uses for the remotes' origins (the working builds'). */
  publicHost: string;
  /** The release managers' composition file; the working builds are served while it does not exist. */
  file: string;
}

export type ServedComposition = Awaited<ReturnType<typeof servedComposition>>;

/** The live composition and its last versions known good, as last read, with the file's time then. */
const liveRead = new Map<string, { version: string; live: CompositionDocument; lastKnownGood: ReturnType<typeof lastKnownGood> }>();

/**
 * The live composition and each remote's last version known good: read again only when the file
 * has changed (publishing and rolling back write the history first, the file last), so a page
 * costs one look at the file's time, not a read of the file and its whole history.
 */
async function liveComposition({ ports, publicHost, file }: CompositionSource) {
  const stat = await currentStat(file);
  if (!stat) {
    liveRead.delete(file);
    return { live: localComposition(ports, publicHost), lastKnownGood: {} };
  }
  // A publish writes a new file in its place (writeAtomically): another inode, time and size.
  const version = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
  const known = liveRead.get(file);
  if (known?.version === version) return known;
  const fromFile = await readComposition(file);
  if (!fromFile) return { live: localComposition(ports, publicHost), lastKnownGood: {} };
  const read = { version, live: fromFile, lastKnownGood: lastKnownGood(fromFile, await readHistory(file)) };
  liveRead.set(file, read);
  return read;
}

/** The composition a browser with this Cookie header gets (its preview, if any), as the file says now. */
export async function servedComposition(cookieHeader: string | undefined, source: CompositionSource) {
  const { ports } = source;
  const { live, lastKnownGood: fallbacks } = await liveComposition(source);
  const served = { ...live, remotes: { ...live.remotes }, lastKnownGood: { ...fallbacks }, preview: [] as PreviewChoice[] };
  const cookie = readCookie(cookieHeader, PREVIEW_COOKIE);
  if (cookie && previewAllowed()) {
    const { choices, problem } = await parsePreview(cookie);
    if (!problem) {
      for (const choice of choices) {
        served.remotes[choice.remote] = { version: choice.version, manifest: releaseManifestUrl(choice.remote, choice.version, ports) };
      }
      served.preview = choices;
    }
  }
  return served;
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
 * next page load; each remote with the entry its manifest names (the browser registers that).
 */
export function registerCompositionRoute(app: FastifyInstance, source: CompositionSource, readManifest: ManifestReader): void {
  app.get('/composition.json', async (request, reply) => {
    const served = await withEntries(await servedComposition(request.headers.cookie, source), readManifest);
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(JSON.stringify(served, null, 2));
  });
}
