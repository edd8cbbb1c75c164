/**
 * A composition store on one machine's disk, the default: `composition/composition.json` (or
 * COMPOSITION_FILE) is production's live composition with its revision number,
 * `composition/revisions/000012.json` each revision; another environment's are the same files
 * under `composition/environments/<name>/` (environments.ts). Writes are atomic (a temporary
 * file renamed into place), so the edge never reads half a file, and made under a lock folder, so
 * two commands at the same moment are taken one after the other.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentStat } from './fileStat';
import { ROOT } from './remotes';
import {
  checkedRevision,
  CompositionConflict,
  importedRevisions,
  nextRevisions,
  parseCompositionDocument,
  readDocument,
  revisionFromJson,
  type CompositionDocument,
  type CompositionStore,
  type LiveComposition,
  type Revision,
  type RevisionChange,
} from './store';

/** Production's live composition file: COMPOSITION_FILE, else composition/composition.json. */
export function compositionFile(): string {
  return path.resolve(process.env.COMPOSITION_FILE ?? path.join(ROOT, 'composition', 'composition.json'));
}


function parseLive(text: string): LiveComposition {
  const raw = JSON.parse(text) as Parameters<typeof readDocument>[0] & { revision?: unknown };
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
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`the revision ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return revisionFromJson(raw, file);
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
      const written = nextRevisions(newestNumber > 0 ? await this.revision(newestNumber) : null, change, servedBefore);
      for (const revision of written) await this.writeRevision(revision);
      const revision = written[written.length - 1] as Revision;
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
      const checked = checkedRevision(found, at, shell, facts);
      await writeAtomically(this.revisionFile(revision), `${JSON.stringify(checked, null, 2)}\n`);
      // The live file again (the same composition), so that the edge reads the revisions anew.
      const live = await this.live();
      if (live?.revision) await writeAtomically(this.file, serialiseLive(live.revision, live.document));
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
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
    for (const revision of importedRevisions(documents)) await this.writeRevision(revision);
    await writeAtomically(this.file, serialiseLive(documents.length, live.document));
    await fs.rm(historyDir, { recursive: true, force: true });
  }
}

