/**
 * The composition and its revisions. Every change a release manager makes is a numbered revision
 * that records what went live, who made it, why, when, what changed, the revision it started
 * from and the facts the checks read of each release; a change started from a revision that is no
 * longer the newest is refused, so two release managers never lose one another's change.
 *
 * `CompositionStore` is what the compose command, the edge and the api use, one per environment
 * (environments.ts): `FileCompositionStore` keeps it on one machine's disk (fileStore.ts),
 * `PgCompositionStore` in PostgreSQL for several edges (pgStore.ts).
 */
import { isRemote, REMOTES, shortName, type Remote } from './remotes';

/** What the compose command reads of a remote's release when it passes the checks, recorded with its revision. */
export interface ReleaseFacts {
  /** The modules it shares as singletons, with the version it was built with and the range it needs. */
  singletons: { name: string; version: string; requiredVersion?: string }[];
  exposes: string[];
  /** The @module-federation/enhanced version it was built with. */
  pluginVersion?: string;
  slices: string[];
  endpoints: string[];
}

export interface CompositionEntry {
  version: string;
  manifest: string;
}

/**
 * New versions of some remotes given to a share of browsers while everyone else keeps the live
 * ones. Each browser is in it or not by a stable hash of its own cookie (canary.ts).
 */
export interface Canary {
  remotes: Partial<Record<Remote, CompositionEntry>>;
  /** The share of browsers that get it, in percent: more than 0, at most 100, to one decimal place. */
  percent: number;
  /** The revision that started it: it names the canary's page views and salts the assignment. */
  startedBy: number;
  /** When it started (ISO 8601). */
  since: string;
}

export interface CompositionDocument {
  remotes: Partial<Record<Remote, CompositionEntry>>;
  /**
   * Where this composition's releases are served from, as RELEASE_BASE_URL said when it was
   * composed (`https://cdn.example.co.za/{remote}`; `{remote}` and `{port}` filled in per remote).
   * A release is built once and served from wherever the composition names: the environment's
   * next change keeps serving from here unless RELEASE_BASE_URL says otherwise.
   */
  releaseBase?: string;
  config?: { apiBase?: string; assetHost?: string };
  /** A canary that runs beside the live remotes, if one does. */
  canary?: Canary;
}

/**
 * set: a release manager chose versions; rollback: an earlier revision brought back; imported:
 * recorded from before revisions were kept (never checked since); canary: new versions given to a
 * share of browsers; promote: the canary's versions made live for everyone, or (with
 * `promotedFrom`) what another environment runs; abort: the canary ended, everyone back on the
 * live versions.
 */
export type RevisionAction = 'set' | 'rollback' | 'imported' | 'canary' | 'promote' | 'abort';

/** The figures an abort of a canary was judged on, recorded with its revision. */
export interface CanaryJudgement {
  /** Which rule was broken: its error rate, or its interactions' p75 INP. */
  rule: 'error-rate' | 'inp';
  /** One line a release manager reads in the history. */
  summary: string;
  canary: { pageViews: number; failed: number; p75Inp: number | null; inpSamples: number };
  live: { pageViews: number; failed: number; p75Inp: number | null; inpSamples: number };
  /** The sequential test's log likelihood ratio and the bound it crossed, for the error-rate rule. */
  logLikelihoodRatio?: number;
  bound?: number;
}

export interface Revision {
  revision: number;
  /** When it went live (ISO 8601). */
  at: string;
  by: string;
  reason: string | null;
  action: RevisionAction;
  /** The revision the change was made on (0: none before it). */
  basedOn: number;
  /** For a rollback: the revision whose composition it brought back. */
  restores?: number;
  /** For a promotion from another environment: which, and the revision of it whose versions went live. */
  promotedFrom?: { environment: string; revision: number };
  /** What differs from the revision before it, one line per remote ("mfe-cart 1.0.2 → 1.0.3"). */
  changes: string[];
  composition: CompositionDocument;
  /** What the checks read of each remote's release, when it passed them. */
  facts: Partial<Record<Remote, ReleaseFacts>>;
  /** The singletons of the shell it was checked against. */
  shell?: Record<string, string>;
  /** When it passed the checks; null for a revision imported from before revisions that no check has passed since. */
  checkedAt: string | null;
  /** For an abort made by the api's abort worker: the figures that caused it. */
  judgement?: CanaryJudgement;
}

/** A change to make: the next revision, but for what the store fills in. */
export type RevisionChange = Omit<Revision, 'revision' | 'at' | 'basedOn' | 'changes'>;

/** The live composition as the live file has it, with the revision it is. */
export interface LiveComposition {
  /** Null for a file written before revisions were kept. */
  revision: number | null;
  document: CompositionDocument;
}

/** A change made on a revision that is no longer the newest: nothing was written. */
export class CompositionConflict extends Error {
  constructor(readonly newest: Revision) {
    super(`the composition changed since you read it: ${describeRevision(newest)}; run the command again`);
    this.name = 'CompositionConflict';
  }
}

/** Where an environment's compositions are kept: files on one machine, or PostgreSQL for several edges. */
export interface CompositionStore {
  /** What the edge keeps for this store, e.g. a file's path. */
  readonly name: string;
  /** Changes whenever the live composition or a revision does: the edge reads again only then. Null while nothing is published. */
  changeToken(): Promise<string | null>;
  live(): Promise<LiveComposition | null>;
  /** Every revision, oldest first. */
  revisions(): Promise<Revision[]>;
  revision(revision: number): Promise<Revision | null>;
  /**
   * Makes `change` the next revision and live, if `basedOn` is still the newest revision (0: there
   * is none yet); else throws CompositionConflict and writes nothing. Before the first revision,
   * `servedBefore` (what the shell served: the working builds) is recorded as revision 1, so that
   * the first change can be rolled back.
   */
  publish(change: RevisionChange, basedOn: number, servedBefore?: CompositionDocument): Promise<Revision>;
  /** Records that a revision passed the checks at `at` (a revision imported from before revisions), and what they read of each release. */
  markChecked(revision: number, at: Date, shell: Record<string, string>, facts?: Revision['facts']): Promise<void>;
  /**
   * Makes revisions of a composition kept before revisions were (its file and history), or, in
   * PostgreSQL, brings in the environment's revisions from this machine's files; nothing when
   * there is none.
   */
  upgrade(): Promise<void>;
  /** Lets go of what it holds open (a database connection); nothing for files. */
  close(): Promise<void>;
}

/** A manifest URL names its version folder: …/1.4.0/mf-manifest.json. */
export function versionFromManifestUrl(manifest: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(manifest, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  return /\/([^/]+)\/mf-manifest\.json$/.exec(pathname)?.[1];
}

type RawDocument = { remotes?: Record<string, unknown>; config?: CompositionDocument['config']; canary?: unknown; releaseBase?: unknown };

/** A share of browsers in percent: more than 0, at most 100, to one decimal place. */
export function isCanaryPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 100 && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

function readCanary(raw: unknown): Canary {
  const canary = raw as Partial<Canary> & { remotes?: Record<string, unknown> };
  if (typeof canary !== 'object' || canary === null) throw new Error('the canary is not an object');
  if (!isCanaryPercent(canary.percent)) throw new Error(`the canary's percent must be more than 0 and at most 100, got ${JSON.stringify(canary.percent)}`);
  if (!Number.isInteger(canary.startedBy) || (canary.startedBy as number) < 1) throw new Error('the canary names no revision that started it');
  if (typeof canary.since !== 'string' || Number.isNaN(Date.parse(canary.since))) throw new Error('the canary has no start time');
  const remotes = readRemotes(canary.remotes ?? {});
  if (Object.keys(remotes).length === 0) throw new Error('the canary names no remote');
  return { remotes, percent: canary.percent, startedBy: canary.startedBy as number, since: canary.since };
}

export function readDocument(raw: RawDocument): CompositionDocument {
  if (raw.releaseBase !== undefined && typeof raw.releaseBase !== 'string') throw new Error('releaseBase must be a URL template');
  return {
    remotes: readRemotes(raw.remotes ?? {}),
    ...(raw.releaseBase ? { releaseBase: raw.releaseBase } : {}),
    ...(raw.config ? { config: raw.config } : {}),
    ...(raw.canary ? { canary: readCanary(raw.canary) } : {}),
  };
}

function readRemotes(raw: Record<string, unknown>): CompositionDocument['remotes'] {
  const remotes: CompositionDocument['remotes'] = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!isRemote(name)) throw new Error(`unknown remote "${name}" (known: ${REMOTES.join(', ')})`);
    const manifest = typeof value === 'string' ? value : (value as Partial<CompositionEntry>)?.manifest;
    if (typeof manifest !== 'string') throw new Error(`remote "${name}" has no manifest URL`);
    const version = (typeof value === 'object' && value !== null ? (value as Partial<CompositionEntry>).version : undefined) ?? versionFromManifestUrl(manifest);
    if (!version) throw new Error(`remote "${name}": cannot tell the version of ${manifest}`);
    remotes[name] = { version, manifest };
  }
  return remotes;
}

/** Reads a composition in either form the shell accepts: name → URL, or name → { version, manifest }. */
export function parseCompositionDocument(text: string): CompositionDocument {
  return readDocument(JSON.parse(text) as RawDocument);
}

/** A revision as stored (a file's or a row's JSON), with its composition read as any composition is. */
export function revisionFromJson(raw: unknown, where: string): Revision {
  try {
    const revision = raw as Revision;
    if (typeof raw !== 'object' || raw === null || !Number.isInteger(revision.revision) || typeof revision.at !== 'string') throw new Error('no revision number or time');
    return { ...revision, composition: readDocument(revision.composition as RawDocument) };
  } catch (error) {
    throw new Error(`the revision ${where} cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * The revisions a publish writes after `newest` (null: there is none yet): the change, numbered
 * next; before the first one, `servedBefore` (what was served: the working builds), recorded as
 * the revision it is made on, so that the first change can be rolled back. Every store writes
 * them the same way.
 */
export function nextRevisions(newest: Revision | null, change: RevisionChange, servedBefore?: CompositionDocument, now = new Date()): Revision[] {
  const written: Revision[] = [];
  let previous = newest;
  if (!previous && servedBefore) {
    previous = {
      revision: 1,
      at: now.toISOString(),
      by: 'the working builds',
      reason: 'served before the first composition',
      action: 'imported',
      basedOn: 0,
      changes: describeChanges(null, servedBefore),
      composition: servedBefore,
      facts: {},
      checkedAt: null,
    };
    written.push(previous);
  }
  written.push({
    ...change,
    revision: (previous?.revision ?? 0) + 1,
    at: now.toISOString(),
    basedOn: previous?.revision ?? 0,
    changes: describeChanges(previous?.composition ?? null, change.composition),
  });
  return written;
}

/**
 * Compositions kept before revisions were (oldest first), as revisions: imported and unchecked,
 * so none is known good until it has passed the checks again.
 */
export function importedRevisions(documents: readonly CompositionDocument[], now = new Date()): Revision[] {
  return documents.map((document, index) => ({
    revision: index + 1,
    at: now.toISOString(),
    by: 'before revisions',
    reason: 'kept before revisions were recorded',
    action: 'imported' as const,
    basedOn: index,
    changes: describeChanges(documents[index - 1] ?? null, document),
    composition: document,
    facts: {},
    checkedAt: null,
  }));
}

/** A revision that passed the checks at `at`: when, the shell it was checked against, and what they read. */
export function checkedRevision(revision: Revision, at: Date, shell: Record<string, string>, facts?: Revision['facts']): Revision {
  return { ...revision, checkedAt: at.toISOString(), shell, ...(facts ? { facts } : {}) };
}

/** The lines that say what differs between two compositions, per remote. */
export function describeChanges(before: CompositionDocument | null, after: CompositionDocument): string[] {
  const lines: string[] = [];
  for (const remote of REMOTES) {
    const was = before?.remotes[remote];
    const now = after.remotes[remote];
    if (was?.manifest === now?.manifest) continue;
    if (!now) lines.push(`${remote} ${was?.version ?? '?'} removed`);
    else if (!was) lines.push(`${remote} ${now.version} added`);
    else if (was.version === now.version) lines.push(`${remote} ${now.version} from ${now.manifest}`);
    else lines.push(`${remote} ${was.version} → ${now.version}`);
  }
  if (JSON.stringify(before?.config ?? {}) !== JSON.stringify(after.config ?? {})) lines.push('config changed');
  if ((before?.releaseBase ?? null) !== (after.releaseBase ?? null) && after.releaseBase) lines.push(`releases served from ${after.releaseBase}`);
  const canaryBefore = before?.canary;
  const canaryAfter = after.canary;
  if (JSON.stringify(canaryBefore ?? null) !== JSON.stringify(canaryAfter ?? null)) {
    if (canaryAfter) {
      const versions = REMOTES.flatMap((remote) => {
        const entry = canaryAfter.remotes[remote];
        return entry ? [`${remote} ${after.remotes[remote]?.version ?? '—'} → ${entry.version}`] : [];
      });
      lines.push(`canary for ${canaryAfter.percent}% of browsers: ${versions.join(', ')}`);
    } else if (canaryBefore) {
      const versions = REMOTES.flatMap((remote) => (canaryBefore.remotes[remote] ? [`${remote} ${canaryBefore.remotes[remote]?.version}`] : []));
      lines.push(`canary ended: ${versions.join(', ')}`);
    }
  }
  return lines;
}

/** "revision 12, by thandi, 14:02, cart 1.0.3": who made a revision, when, and what it changed. */
export function describeRevision(revision: Revision): string {
  const time = new Date(revision.at);
  const sameDay = new Date().toDateString() === time.toDateString();
  const when = sameDay
    ? time.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    : `${time.toLocaleDateString('en-CA')} ${time.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
  const changed = revision.changes.map((line) => shortName(line.replace(/ \S+ → /, ' '))).join(', ');
  return `revision ${revision.revision}, by ${revision.by}, ${when}${changed ? `, ${changed}` : ''}`;
}

/** The moment a revision's time live began to count: once it was live and had passed the checks. */
function countsFrom(revision: Revision): number | null {
  if (!revision.checkedAt) return null;
  return Math.max(Date.parse(revision.at), Date.parse(revision.checkedAt));
}

/**
 * The known-good revisions, newest first: each passed the checks and stayed live `afterMs` (from
 * when it went live or was checked, whichever is later, to the next revision or now) and was not
 * rolled away (the revision after it is not a rollback).
 */
export function knownGoodRevisions(revisions: readonly Revision[], now: number, afterMs: number): Revision[] {
  const sorted = [...revisions].sort((a, b) => a.revision - b.revision);
  const good: Revision[] = [];
  for (const [index, revision] of sorted.entries()) {
    const from = countsFrom(revision);
    if (from === null) continue;
    const next = sorted[index + 1];
    if (next?.action === 'rollback') continue;
    const until = next ? Date.parse(next.at) : now;
    if (until - from >= afterMs) good.push(revision);
  }
  return good.reverse();
}

/** When the newest revision becomes known good, if it will and is not yet: what the edge knows changes then without a write. */
export function knownGoodFrom(revisions: readonly Revision[], now: number, afterMs: number): number | null {
  const newest = revisions.reduce<Revision | null>((found, revision) => (!found || revision.revision > found.revision ? revision : found), null);
  const from = newest ? countsFrom(newest) : null;
  if (from === null || from + afterMs <= now) return null;
  return from + afterMs;
}

/**
 * Each remote's fallback, for when its live version cannot load: its version in the newest
 * known-good revision that names another release of it and fits the shell now serving (`fits`,
 * judged on the facts recorded when that revision passed the checks). Never a revision that was
 * not checked or not known good; none when no known-good revision has another fitting version.
 */
export function knownGoodFallbacks(
  live: CompositionDocument,
  knownGood: readonly Revision[],
  fits: (remote: Remote, version: string, facts: ReleaseFacts) => boolean,
): Partial<Record<Remote, CompositionEntry>> {
  const fallbacks: Partial<Record<Remote, CompositionEntry>> = {};
  for (const remote of REMOTES) {
    const current = live.remotes[remote];
    for (const revision of knownGood) {
      const earlier = revision.composition.remotes[remote];
      const facts = revision.facts[remote];
      if (!earlier || earlier.manifest === current?.manifest || !facts) continue;
      if (!fits(remote, earlier.version, facts)) continue;
      fallbacks[remote] = earlier;
      break;
    }
  }
  return fallbacks;
}
