/**
 * The composition module of the edge: what it answers at /composition.json (the live composition
 * of the composition store, or the working builds while nothing is published; each remote's
 * fallback, from the known-good revisions; a tester's preview from their session cookie, when the
 * release passes the rules), and the origins a page may load scripts from
 * (edge/src/securityHeaders.ts). Where the composition is read from is compositionSource.ts; a
 * tester's preview links, previews.ts.
 */
import type { FastifyInstance } from 'fastify';
import { checkFacts } from './compositionRules';
import {
  armOf,
  newPageViewId,
  signPageView,
  type Arm,
  knownGoodFallbacks,
  knownGoodFrom,
  knownGoodRevisions,
  type CompositionDocument,
} from '@storefront/release-state';
import { REMOTES, type Remote } from './packages';
import { releaseManifestUrl } from './releaseStore';
import { withRemoteEntries, type ManifestReader } from './routePreloads';
import { currentLive, currentShell, localComposition, type CompositionSource, type Fallbacks, type LiveRead, type ServedShell } from './compositionSource';
import { parsePreview, PREVIEW_COOKIE, previewAllowed, previewVerdict, type PreviewChoice, type RefusedPreview } from './previews';
import { browserIdFor, browserIdOf, readCookie } from './browserId';

// Where the tooling (scripts/, bench/, e2e/) has always found them.
export { liveRemotes, localComposition, openCompositionSource, type CompositionSource } from './compositionSource';

export type ServedComposition = Awaited<ReturnType<typeof servedComposition>>;

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
