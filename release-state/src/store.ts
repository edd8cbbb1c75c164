/**
 * The composition and its revisions. Every change a release manager makes is a numbered revision
 * that records what went live, who made it, why, when, what changed, the revision it started
 * from and the facts the checks read of each release; a change started from a revision that is no
 * longer the newest is refused, so two release managers never lose one another's change.
 *
 * `CompositionStore` is what the compose command and the edge use; `FileCompositionStore` keeps it
 * on one machine's disk: `composition/composition.json` (or COMPOSITION_FILE) is the live
 * composition with its revision number, `composition/revisions/000012.json` each revision. Writes
 * are atomic (a temporary file renamed into place), so the edge never reads half a file, and made
 * under a lock folder, so two commands at the same moment are taken one after the other.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentStat } from './fileStat';
import { isRemote, REMOTES, ROOT, shortName, type Remote } from './remotes';

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
  config?: { apiBase?: string; assetHost?: string };
  /** A canary that runs beside the live remotes, if one does. */
  canary?: Canary;
}

/**
 * set: a release manager chose versions; rollback: an earlier revision brought back; imported:
 * recorded from before revisions were kept (never checked since); canary: new versions given to a
 * share of browsers; promote: the canary's versions made live for everyone; abort: the canary
 * ended, everyone back on the live versions.
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

/**
 * Where compositions are kept. A PostgreSQL store (several edges, one truth) implements the same.
 */
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
  /** Makes revisions of a composition kept before revisions were (its file and history); nothing when there is none. */
  upgrade(): Promise<void>;
}

export function compositionFile(): string {
  return path.resolve(process.env.COMPOSITION_FILE ?? path.join(ROOT, 'composition', 'composition.json'));
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

type RawDocument = { remotes?: Record<string, unknown>; config?: CompositionDocument['config']; canary?: unknown };

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

function readDocument(raw: RawDocument): CompositionDocument {
  return { remotes: readRemotes(raw.remotes ?? {}), ...(raw.config ? { config: raw.config } : {}), ...(raw.canary ? { canary: readCanary(raw.canary) } : {}) };
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

function parseLive(text: string): LiveComposition {
  const raw = JSON.parse(text) as RawDocument & { revision?: unknown };
  const revision = typeof raw.revision === 'number' && Number.isInteger(raw.revision) && raw.revision > 0 ? raw.revision : null;
  return { revision, document: readDocument(raw) };
}

/** The live composition of a file, or null when there is none. */
export async function readComposition(file = compositionFile()): Promise<CompositionDocument | null> {
  return (await readLive(file))?.document ?? null;
}

async function readLive(file: string): Promise<LiveComposition | null> {
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return text === null ? null : parseLive(text);
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temporary, text);
  await fs.rename(temporary, file);
}

function serialiseLive(revision: number, document: CompositionDocument): string {
  return `${JSON.stringify({ revision, ...document }, null, 2)}\n`;
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

const LOCK_STALE_MS = 60_000;
const LOCK_WAIT_MS = 15_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock left by a command that died holding it: its process is gone from this machine, or it is older than any change takes. */
async function lockIsStale(lock: string): Promise<boolean> {
  const owner = await fs
    .readFile(path.join(lock, 'owner'), 'utf8')
    .then((text) => JSON.parse(text) as { pid?: number; host?: string })
    .catch(() => null);
  if (owner?.host === os.hostname() && typeof owner.pid === 'number' && !processAlive(owner.pid)) return true;
  const stat = await fs.stat(lock).catch(() => null);
  return stat !== null && Date.now() - stat.mtimeMs > LOCK_STALE_MS;
}

/** Runs `work` holding the store's lock (a folder: creating one is atomic), taken one after another by every command. */
async function withLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  await fs.mkdir(dir, { recursive: true });
  const lock = path.join(dir, '.lock');
  for (const deadline = Date.now() + LOCK_WAIT_MS; ; ) {
    try {
      await fs.mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await lockIsStale(lock)) {
        await fs.rm(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`another compose command holds ${lock}; if none is running, remove that folder`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
    }
  }
  try {
    await fs.writeFile(path.join(lock, 'owner'), JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString() }));
    return await work();
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}

const REVISION_FILE = /^(\d{6,})\.json$/;

function parseRevision(text: string, file: string): Revision {
  try {
    const raw = JSON.parse(text) as Revision;
    if (!Number.isInteger(raw.revision) || typeof raw.at !== 'string') throw new Error('no revision number or time');
    return { ...raw, composition: readDocument(raw.composition as RawDocument) };
  } catch (error) {
    throw new Error(`the revision ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Revisions and the live composition as files beside COMPOSITION_FILE (see the top of this file). */
export class FileCompositionStore implements CompositionStore {
  readonly name: string;

  constructor(readonly file = compositionFile()) {
    this.name = file;
  }

  private get directory(): string {
    return path.dirname(this.file);
  }

  private get revisionsDir(): string {
    return path.join(this.directory, 'revisions');
  }

  private revisionFile(revision: number): string {
    return path.join(this.revisionsDir, `${String(revision).padStart(6, '0')}.json`);
  }

  async changeToken(): Promise<string | null> {
    // The edge asks on every page: one look shared by the pages asking at the same moment.
    const stat = await currentStat(this.file);
    // Every write puts a new file in place (writeAtomically): another inode, time and size.
    return stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : null;
  }

  live(): Promise<LiveComposition | null> {
    return readLive(this.file);
  }

  private async numbers(): Promise<number[]> {
    const names = await fs.readdir(this.revisionsDir).catch(() => [] as string[]);
    return names
      .map((name) => REVISION_FILE.exec(name)?.[1])
      .filter((number): number is string => number !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  }

  async revisions(): Promise<Revision[]> {
    const numbers = await this.numbers();
    return Promise.all(numbers.map(async (number) => parseRevision(await fs.readFile(this.revisionFile(number), 'utf8'), this.revisionFile(number))));
  }

  async revision(revision: number): Promise<Revision | null> {
    if (!Number.isInteger(revision) || revision < 1) return null;
    const text = await fs.readFile(this.revisionFile(revision), 'utf8').catch(() => null);
    return text === null ? null : parseRevision(text, this.revisionFile(revision));
  }

  /** Writes a revision file that must not exist yet (a hard link fails if it does), complete before it has its name. */
  private async writeRevision(revision: Revision): Promise<void> {
    const target = this.revisionFile(revision.revision);
    await fs.mkdir(this.revisionsDir, { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, `${JSON.stringify(revision, null, 2)}\n`);
    try {
      await fs.link(temporary, target);
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  async publish(change: RevisionChange, basedOn: number, servedBefore?: CompositionDocument): Promise<Revision> {
    return withLock(this.directory, async () => {
      await this.importBeforeRevisions();
      const numbers = await this.numbers();
      const newestNumber = numbers[numbers.length - 1] ?? 0;
      if (newestNumber !== basedOn) {
        const newest = await this.revision(newestNumber);
        if (newest) throw new CompositionConflict(newest);
        throw new Error(`the change was made on revision ${basedOn}, and there is none`);
      }
      let previous = newestNumber > 0 ? await this.revision(newestNumber) : null;
      let number = newestNumber + 1;
      if (!previous && servedBefore) {
        previous = {
          revision: number,
          at: new Date().toISOString(),
          by: 'the working builds',
          reason: 'served before the first composition',
          action: 'imported',
          basedOn: 0,
          changes: describeChanges(null, servedBefore),
          composition: servedBefore,
          facts: {},
          checkedAt: null,
        };
        await this.writeRevision(previous);
        number += 1;
      }
      const revision: Revision = {
        ...change,
        revision: number,
        at: new Date().toISOString(),
        basedOn: previous?.revision ?? 0,
        changes: describeChanges(previous?.composition ?? null, change.composition),
      };
      await this.writeRevision(revision);
      // The live file last: the edge follows it, and by then the revision it names is complete.
      await writeAtomically(this.file, serialiseLive(revision.revision, revision.composition));
      return revision;
    });
  }

  async markChecked(revision: number, at: Date, shell: Record<string, string>, facts?: Revision['facts']): Promise<void> {
    await withLock(this.directory, async () => {
      const found = await this.revision(revision);
      if (!found) throw new Error(`there is no revision ${revision}`);
      if (found.checkedAt) return;
      const checked = { ...found, checkedAt: at.toISOString(), shell, ...(facts ? { facts } : {}) };
      await writeAtomically(this.revisionFile(revision), `${JSON.stringify(checked, null, 2)}\n`);
      // The live file again (the same composition), so that the edge reads the revisions anew.
      const live = await this.live();
      if (live?.revision) await writeAtomically(this.file, serialiseLive(live.revision, live.document));
    });
  }

  async upgrade(): Promise<void> {
    if ((await this.numbers()).length > 0) return;
    if (!(await readLive(this.file))) return;
    await withLock(this.directory, () => this.importBeforeRevisions());
  }

  /**
   * A composition kept before revisions were (a live file without a revision number, and the
   * compositions that were live before it in `history/`): each becomes a revision, unchecked, so
   * none is known good until it has passed the checks again.
   */
  private async importBeforeRevisions(): Promise<void> {
    if ((await this.numbers()).length > 0) return;
    const live = await readLive(this.file);
    if (!live) return;
    const historyDir = path.join(this.directory, 'history');
    const names = (await fs.readdir(historyDir).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
    const documents = await Promise.all(names.map(async (name) => parseCompositionDocument(await fs.readFile(path.join(historyDir, name), 'utf8'))));
    documents.push(live.document);
    let previous: CompositionDocument | null = null;
    for (const [index, document] of documents.entries()) {
      await this.writeRevision({
        revision: index + 1,
        at: new Date().toISOString(),
        by: 'before revisions',
        reason: 'kept before revisions were recorded',
        action: 'imported',
        basedOn: index,
        changes: describeChanges(previous, document),
        composition: document,
        facts: {},
        checkedAt: null,
      });
      previous = document;
    }
    await writeAtomically(this.file, serialiseLive(documents.length, live.document));
    await fs.rm(historyDir, { recursive: true, force: true });
  }
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
