/**
 * What the shell's server answers at /composition.json: the live composition (the release
 * managers' file, or the local working builds when there is none), each remote's last version
 * known good from the history, and a tester's preview from their session cookie.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  lastKnownGood,
  readComposition,
  readHistory,
  remoteFromName,
  type CompositionDocument,
} from './compositionStore';
import { packageVersion, REMOTES, type Ports, type Remote } from './packages';
import { isReleased, listReleases, releaseManifestUrl } from './releaseStore';

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

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export async function servedComposition(req: IncomingMessage, ports: Ports, publicHost: string, file: string | undefined) {
  const fromFile = file && existsSync(file) ? await readComposition(file) : null;
  const live = fromFile ?? localComposition(ports, publicHost);
  const history = fromFile && file ? await readHistory(file) : [];
  const served = { ...live, remotes: { ...live.remotes }, lastKnownGood: lastKnownGood(live, history), preview: [] as PreviewChoice[] };
  const cookie = readCookie(req, PREVIEW_COOKIE);
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

/**
 * `?preview=mfe-catalog@1.5.0-rc.1` on a page: remember it for this browser session and reload
 * without the parameter; `?preview=off` forgets it. Returns true when it answered the request.
 */
export async function handlePreviewRequest(res: ServerResponse, url: URL): Promise<boolean> {
  const value = url.searchParams.get('preview');
  if (value === null || !previewAllowed()) return false;
  const clean = new URL(url.toString());
  clean.searchParams.delete('preview');
  const location = `${clean.pathname}${clean.search}`;
  if (value === 'off') {
    res.writeHead(302, { Location: location, 'Set-Cookie': `${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`, 'Cache-Control': 'no-store' });
    res.end();
    return true;
  }
  const { problem } = await parsePreview(value);
  if (problem) {
    const body = `<!doctype html><meta charset="utf-8"><title>No such preview</title><p>Cannot preview: ${problem.replace(/[<>&]/g, '')}.</p><p><a href="${location}">Back to the shop</a></p>`;
    res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(body);
    return true;
  }
  res.writeHead(302, {
    Location: location,
    'Set-Cookie': `${PREVIEW_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax`,
    'Cache-Control': 'no-store',
  });
  res.end();
  return true;
}
