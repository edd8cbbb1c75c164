/**
 * Which browsers get a running canary. Each browser carries a random id in a first-party cookie
 * (CANARY_COOKIE) that the shell's server sets on its first answer; a browser is in the canary when
 * a hash of that id, salted with the revision that started the canary, falls in the canary's share.
 * So a shopper keeps one version on every page and visit while a canary runs, and each new canary
 * picks its share of browsers afresh.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Canary, CompositionDocument } from './store';

/** The browser's own random id: 16 random bytes, base64url (22 characters). */
export const BROWSER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newBrowserId(): string {
  return randomBytes(16).toString('base64url');
}

/** Where a browser's id falls, from 0 (inclusive) to 100 (exclusive): the same for the same id and canary. */
export function canaryBucket(browserId: string, startedBy: number): number {
  const digest = createHash('sha256').update(`${startedBy}:${browserId}`).digest();
  return (digest.readUInt32BE(0) / 2 ** 32) * 100;
}

export function inCanary(browserId: string, canary: Pick<Canary, 'percent' | 'startedBy'>): boolean {
  return canaryBucket(browserId, canary.startedBy) < canary.percent;
}

/** Which composition a page was served: the live one, a running canary's, or a tester's preview. */
export type Arm = 'live' | 'canary' | 'preview';

/** The composition a browser with this id gets: the live remotes, with the canary's over them when it is in it. */
export function armOf(document: CompositionDocument, browserId: string | null): { arm: 'live' | 'canary'; remotes: CompositionDocument['remotes'] } {
  const { canary } = document;
  if (!canary || browserId === null || !inCanary(browserId, canary)) return { arm: 'live', remotes: document.remotes };
  return { arm: 'canary', remotes: { ...document.remotes, ...canary.remotes } };
}
