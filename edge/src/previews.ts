/**
 * A tester's preview of released versions: `?preview=` on a page remembered for their browser
 * session (`answerPreviewRequest`), and each release judged by the rules before it is served in
 * place of the live version (`previewVerdict`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { remoteFromName } from '@storefront/release-state';
import { checkRelease, type Injector } from './compositionRules';
import type { LiveRead, ServedShell } from './compositionSource';
import type { Remote } from './packages';
import { isReleased, listReleases, readRelease } from './releaseStore';

export const PREVIEW_COOKIE = 'sf_preview';

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

/** A preview the rules refused: the shopper gets the live version instead, and the banner says why. */
export interface RefusedPreview {
  remote: Remote;
  version: string;
  /** What the rules found, in short. */
  reason: string;
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

export function previewVerdict(choice: PreviewChoice, read: LiveRead | null, shell: ServedShell): Promise<string | null> {
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
