/**
 * The page-view token: the edge gives one with every composition it serves a browser (once per
 * page load), signed with the telemetry secret the edge and the api share, naming what that page
 * was served (its arm and the remotes' versions). The api counts a browser's health report only
 * with a valid token it has not counted before, and attributes the report to what the token says,
 * never to what the report claims: nobody can forge health to abort a good canary or hide a bad one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Arm } from './canary';
import { isRemote, type Remote } from './remotes';

export interface PageView {
  /** 16 random bytes, base64url: a report is counted once per id. */
  id: string;
  /** When the edge served it (ms since the epoch). */
  issuedAt: number;
  arm: Arm;
  /** The revision that started the canary running when it was served (null: none ran). */
  canary: number | null;
  /** Each remote's version as served to this page. */
  versions: Partial<Record<Remote, string>>;
}

/** A report comes when the page is hidden or left: a shopper may keep a tab open for a day. */
export const PAGE_VIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** At least 32 characters: a secret an attacker cannot guess. */
export const MIN_SECRET_LENGTH = 32;
const MAX_TOKEN_LENGTH = 1024;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const VERSION = /^[0-9A-Za-z.+-]{1,64}$/;

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function newPageViewId(): string {
  return randomBytes(16).toString('base64url');
}

/** `<payload>.<signature>`, both base64url. */
export function signPageView(secret: string, view: PageView): string {
  const payload = Buffer.from(JSON.stringify({ i: view.id, t: view.issuedAt, a: view.arm, c: view.canary, v: view.versions })).toString('base64url');
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The page view a token names, or why it does not count (not signed by us, too old, not one). */
export function readPageView(secret: string, token: string, now: number = Date.now()): { view: PageView } | { problem: string } {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { problem: 'not a page-view token' };
  const [payload = '', signed = '', ...rest] = token.split('.');
  if (rest.length > 0 || !payload || !signed) return { problem: 'not a page-view token' };
  const expected = signature(secret, payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'the page-view token is not signed by this store' };
  let raw: { i?: unknown; t?: unknown; a?: unknown; c?: unknown; v?: unknown };
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof raw;
  } catch {
    return { problem: 'not a page-view token' };
  }
  if (typeof raw.i !== 'string' || !ID_PATTERN.test(raw.i) || typeof raw.t !== 'number' || !['live', 'canary', 'preview'].includes(raw.a as string)) return { problem: 'not a page-view token' };
  if (raw.t > now + 60_000 || now - raw.t > PAGE_VIEW_MAX_AGE_MS) return { problem: 'the page-view token has expired' };
  const canary = raw.c === null ? null : Number.isInteger(raw.c) && (raw.c as number) > 0 ? (raw.c as number) : undefined;
  if (canary === undefined) return { problem: 'not a page-view token' };
  const versions: PageView['versions'] = {};
  for (const [name, version] of Object.entries((raw.v ?? {}) as Record<string, unknown>)) {
    if (!isRemote(name) || typeof version !== 'string' || !VERSION.test(version)) return { problem: 'not a page-view token' };
    versions[name] = version;
  }
  return { view: { id: raw.i, issuedAt: raw.t, arm: raw.a as Arm, canary, versions } };
}

/** The signature the edge puts on its own reports (SERVER_REPORT_SIGNATURE_HEADER), base64url. */
export function signServerReport(secret: string, body: string): string {
  return signature(secret, `server-report:${body}`).toString('base64url');
}

export function isServerReportSigned(secret: string, body: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || given.length > 128) return false;
  const expected = signature(secret, `server-report:${body}`);
  const received = Buffer.from(given, 'base64url');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
