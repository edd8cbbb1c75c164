/**
 * One process owns a PGlite folder. Each PGlite keeps the database's pages in
 * its own memory, so two processes on one folder overwrite each other's files and acknowledged
 * orders vanish. PGlite's own postmaster.pid records a fixed pid (-42) and guards
 * nothing, so the api keeps a lock file of its own in the folder.
 *
 * Node has no flock, so the lock is a file whose creation is atomic, recording who holds it: a
 * later starter can tell a live holder (refuse, naming it) from one that died without cleaning
 * up, killed with SIGKILL or by a power cut (take the lock over, so a restart is never blocked).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'storefront-api.lock';

/** What the lock file records about the process holding it. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /**
   * Linux: field 22 of /proc/<pid>/stat, clock ticks from boot to the process's start. A pid
   * reused by a later process comes with another start time. null where there is no /proc.
   */
  startTicks: string | null;
  /** When the holder started, for the person reading the refusal. */
  startedAt: string;
  command: string;
  /** Unique to one acquisition: release and takeover compare it, never the pid alone. */
  token: string;
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still this lock's; safe to call more than once. */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

/**
 * A lock file that cannot be parsed is never written by lockDataDir (see publish), but a disk
 * that fills up or a file system without hard links can leave one half-written. It is taken
 * over only once it is this old, so one still being written is not mistaken for debris.
 */
const UNREADABLE_STALE_MS = 10_000;
/**
 * The holder touches its lock file this often. From another host (or a container recreated with
 * the folder) the holder's pid means nothing, so a lock that has not been touched for
 * FOREIGN_STALE_MS is taken to be left by a process that is gone.
 */
const HEARTBEAT_MS = 10_000;
const FOREIGN_STALE_MS = 60_000;
/** Each round either takes the lock, refuses, or clears one stale file: a few always suffice. */
const MAX_ROUNDS = 5;
const MAX_COMMAND_LENGTH = 200;

// Not `instanceof Error`: errors from node's own modules come from another realm under jest.
function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Linux: a process's state (field 3 of /proc/<pid>/stat) and start time (field 22); null where there is no /proc. */
function procStat(pid: number): { state: string; startTicks: string | null } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name, is in parentheses and may itself hold spaces and ')'; field 3
    // starts two characters after the last ')', so field 22 is the 20th from there.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTicks: fields[19] ?? null };
  } catch {
    return null;
  }
}

function startTicksOf(pid: number): string | null {
  return procStat(pid)?.startTicks ?? null;
}

function thisProcess(): LockHolder {
  const command = process.argv.join(' ');
  return {
    pid: process.pid,
    hostname: os.hostname(),
    startTicks: startTicksOf(process.pid),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString().replace(/\.\d+Z$/, 'Z'),
    command: command.length > MAX_COMMAND_LENGTH ? `${command.slice(0, MAX_COMMAND_LENGTH - 1)}…` : command,
    token: randomBytes(8).toString('hex'),
  };
}

function parseHolder(text: string): LockHolder | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { pid, hostname, startTicks, startedAt, command, token } = record;
  // A pid of 0 or below would make process.kill signal a whole process group.
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
  if (typeof hostname !== 'string' || typeof startedAt !== 'string' || typeof command !== 'string' || typeof token !== 'string') return null;
  if (startTicks !== null && typeof startTicks !== 'string') return null;
  return { pid, hostname, startTicks, startedAt, command, token };
}

interface LockFile {
  text: string;
  holder: LockHolder | null;
  modifiedMs: number;
}

/** null when there is no lock file (any more). */
function readLockFile(lockPath: string): LockFile | null {
  try {
    const modifiedMs = fs.statSync(lockPath).mtimeMs;
    const text = fs.readFileSync(lockPath, 'utf8');
    return { text, holder: parseHolder(text), modifiedMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function isAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user, which may well be the api.
    if (errorCode(error) !== 'EPERM') return false;
  }
  const stat = procStat(holder.pid);
  // A zombie (Z) or dead (X) process has exited and only waits for its parent to read its exit
  // code: it holds no files and will write nothing more, so a restart right after a kill -9 is
  // not refused while the old pid lingers.
  if (stat && (stat.state === 'Z' || stat.state === 'X')) return false;
  const ticks = stat?.startTicks ?? null;
  // Unreadable (/proc hidden, or the process exited just now): count it alive; refusing once
  // costs a retry, taking over from a live holder costs orders.
  return holder.startTicks === null || ticks === null || ticks === holder.startTicks;
}

function holderText(holder: LockHolder): string {
  return `pid ${holder.pid}, started ${holder.startedAt}: ${holder.command}`;
}

/** Throws unless the lock file was left by a process that no longer runs. */
function refuseUnlessStale(folder: string, lockPath: string, found: LockFile, now: number): void {
  const { holder } = found;
  if (holder === null) {
    if (now - found.modifiedMs >= UNREADABLE_STALE_MS) return;
    throw new DataDirLockedError(
      `The database folder ${folder} has a lock file that cannot be read (${lockPath}); another process may be starting on it. ` +
        `Try again in a few seconds, or delete that file if no process uses the folder.`,
      folder,
      null,
    );
  }
  if (holder.hostname !== os.hostname()) {
    // Whether a process on another machine (or container) still runs cannot be told from its
    // pid; a live one keeps touching the file.
    if (now - found.modifiedMs >= FOREIGN_STALE_MS) return;
    const wait = Math.ceil((FOREIGN_STALE_MS - (now - found.modifiedMs)) / 1000);
    throw new DataDirLockedError(
      `The database folder ${folder} is in use by a process on host ${holder.hostname} (${holderText(holder)}), ` +
        `which touched its lock within the last minute. Two processes on one PGlite folder lose data. ` +
        `If that process is gone, start again in ${wait} s.`,
      folder,
      holder,
    );
  }
  if (!isAlive(holder)) return;
  // Alive with our pid (and start time) is this very process, opening the folder a second time.
  const message =
    holder.pid === process.pid
      ? `This process (${holderText(holder)}) already has the database folder ${folder} open. Close that database first: two PGlite instances on one folder lose data.`
      : `Another process (${holderText(holder)}) is using the database folder ${folder}. Stop it first: two processes on one PGlite folder lose data.`;
  throw new DataDirLockedError(message, folder, holder);
}

/**
 * Creates the lock file with `text`, or returns false if one exists. The text goes to a temp file
 * first and link(2) gives it the lock's name, failing if the name is taken: a reader never sees
 * a lock file half-written, as it could after an exclusive create followed by a write.
 */
function publish(lockPath: string, text: string): boolean {
  const temp = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, text, { flag: 'wx' });
  try {
    fs.linkSync(temp, lockPath);
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST') return false;
    // Some file systems (FAT, some network and container mounts) have no hard links: an exclusive
    // create is still atomic, only a crash mid-write leaves an unreadable file (see above).
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    try {
      fs.writeFileSync(lockPath, text, { flag: 'wx' });
      return true;
    } catch (fallbackError) {
      if (errorCode(fallbackError) === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * Removes the stale lock file whose content was `staleText`. Another starter may have replaced it
 * with its own live lock since it was read, so it is renamed aside (atomic: what moved is exactly
 * what is checked) and put back if it is not the stale one. A third starter slipping in during
 * those microseconds would still end up with two holders; only a kernel lock could rule that out.
 */
function clearStale(lockPath: string, staleText: string): void {
  const aside = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}.stale`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if (fs.readFileSync(aside, 'utf8') === staleText) fs.rmSync(aside, { force: true });
  else fs.renameSync(aside, lockPath);
}

function hold(lockPath: string, token: string): DataDirLock {
  let held = true;
  const heartbeat = setInterval(() => {
    try {
      if (readLockFile(lockPath)?.holder?.token === token) {
        const now = new Date();
        fs.utimesSync(lockPath, now, now);
      }
    } catch {
      // A missed beat is made up by the next; only a minute of them lets another host in.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    if (!held) return;
    held = false;
    clearInterval(heartbeat);
    process.removeListener('exit', releaseOnExit);
    // Only our own: a lock file with another token was taken over after we were counted dead.
    if (readLockFile(lockPath)?.holder?.token === token) fs.rmSync(lockPath, { force: true });
  };
  // A process that ends without closing the database (an uncaught error, process.exit) still
  // runs exit handlers; only SIGKILL and the like leave the file, for the stale check.
  const releaseOnExit = () => {
    try {
      release();
    } catch {
      // The process is ending either way, and a lock left behind is taken over as stale.
    }
  };
  process.on('exit', releaseOnExit);
  return { path: lockPath, release };
}

/**
 * Takes the lock on a PGlite folder (which must exist), or throws a DataDirLockedError naming the
 * folder and the process that holds it. A lock left by a process that is gone is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const folder = path.resolve(dataDir);
  const lockPath = path.join(folder, LOCK_FILE_NAME);
  const me = thisProcess();
  const text = `${JSON.stringify(me, null, 2)}\n`;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    if (publish(lockPath, text)) return hold(lockPath, me.token);
    const found = readLockFile(lockPath);
    // Released between the two calls: try again.
    if (found === null) continue;
    refuseUnlessStale(folder, lockPath, found, Date.now());
    clearStale(lockPath, found.text);
  }
  throw new DataDirLockedError(
    `Could not lock the database folder ${folder}: its lock file ${lockPath} kept changing while this process tried to take it. Try again.`,
    folder,
    null,
  );
}
