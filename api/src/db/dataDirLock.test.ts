/**
 * One process owns a PGlite folder: a second opener is refused with the folder and the
 * holder named, and a lock left by a process that is gone never blocks a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_TIMEOUT_MS } from '../testing/testDatabases';
import { createDatabase } from './openDatabase';
import { LOCK_FILE_NAME, lockDataDir, type DataDirLock, type LockHolder } from './dataDirLock';

const API_DIR = path.resolve(__dirname, '..', '..');
/** Child processes boot Node and sucrase: well under a second alone, more beside busy workers. */
const CHILD_TIMEOUT_MS = 30_000;

/**
 * A process of its own that takes the lock on LOCK_DIR, says so on stdout, then holds it until
 * killed (or exits at once with THEN=exit). With GO_FILE it first waits, spinning, for that file
 * to appear, so several children try at the same moment.
 */
const CHILD_SCRIPT = `
const fs = require('node:fs');
const { lockDataDir } = require('./src/db/dataDirLock');
const go = process.env.GO_FILE;
process.stdout.write('ready\\n');
if (go) while (!fs.existsSync(go));
try {
  lockDataDir(process.env.LOCK_DIR);
  process.stdout.write('locked\\n');
  if (process.env.THEN === 'exit') process.exit(0);
  setInterval(() => undefined, 1000);
} catch (error) {
  process.stdout.write('refused ' + JSON.stringify(error.message) + '\\n');
  process.exit(3);
}
`;

interface Child {
  process: ChildProcess;
  /** Resolves with the first line starting with one of `prefixes`; rejects if the child exits first. */
  line(...prefixes: string[]): Promise<string>;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
const folders: string[] = [];

function startChild(env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['-r', 'sucrase/register/ts', '-e', CHILD_SCRIPT], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    lines.splice(0, lines.length, ...output.split('\n').slice(0, -1));
    for (const check of waiting) check();
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    exited,
    line: (...prefixes) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const found = lines.find((text) => prefixes.some((prefix) => text.startsWith(prefix)));
          if (found === undefined) return;
          waiting.delete(check);
          resolve(found);
        };
        waiting.add(check);
        check();
        void exited.then((code) => {
          check();
          if (waiting.delete(check)) reject(new Error(`the child exited (${code}) without printing ${prefixes.join(' or ')}:\n${output}`));
        });
      }),
  };
}

function makeFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-lock-'));
  folders.push(folder);
  return folder;
}

function readLock(folder: string): LockHolder {
  return JSON.parse(fs.readFileSync(path.join(folder, LOCK_FILE_NAME), 'utf8')) as LockHolder;
}

function writeLock(folder: string, holder: Partial<LockHolder>): void {
  const stale: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    startTicks: null,
    startedAt: '2026-01-01T00:00:00Z',
    command: 'node dist/server.js',
    token: 'someone-else',
    ...holder,
  };
  fs.writeFileSync(path.join(folder, LOCK_FILE_NAME), JSON.stringify(stale));
}

/** The pid of a process that has exited (reused within a test's time only on a wrapped pid space). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('the child did not start');
  return child.pid;
}

/** Two children try at once on `folder`: returns what each printed, 'locked' or 'refused …'. */
async function race(folder: string): Promise<string[]> {
  const go = path.join(makeFolder(), 'go');
  const racers = [startChild({ LOCK_DIR: folder, GO_FILE: go }), startChild({ LOCK_DIR: folder, GO_FILE: go })];
  await Promise.all(racers.map((racer) => racer.line('ready')));
  fs.writeFileSync(go, '');
  return Promise.all(racers.map((racer) => racer.line('locked', 'refused')));
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

test('a second open of a folder already open in this process is refused, naming the folder and the holder; after a close it opens', async () => {
  const dataDir = makeFolder();
  const first = await createDatabase({ dataDir });
  let firstOpen = true;
  try {
    const refusal = createDatabase({ dataDir });
    await expect(refusal).rejects.toThrow(dataDir);
    await expect(refusal).rejects.toThrow(`pid ${process.pid}`);
    // The refused opener left the first one's lock in place.
    expect(readLock(dataDir).pid).toBe(process.pid);
    await first.close();
    firstOpen = false;
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const second = await createDatabase({ dataDir });
    try {
      expect((await second.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await second.close();
    }
  } finally {
    if (firstOpen) await first.close();
  }
}, DATABASE_TIMEOUT_MS);

test('another process holding the lock is named in the refusal', async () => {
  const folder = makeFolder();
  const holder = startChild({ LOCK_DIR: folder });
  expect(await holder.line('locked', 'refused')).toBe('locked');
  const escapedFolder = folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(() => lockDataDir(folder)).toThrow(new RegExp(`^Another process \\(pid ${holder.process.pid}, started .+\\) is using the database folder ${escapedFolder}\\.`));
}, CHILD_TIMEOUT_MS);

test('a lock left by a process killed with SIGKILL does not block', async () => {
  const folder = makeFolder();
  const holder = startChild({ LOCK_DIR: folder });
  expect(await holder.line('locked', 'refused')).toBe('locked');
  holder.process.kill('SIGKILL');
  await holder.exited;
  expect(readLock(folder).pid).toBe(holder.process.pid);

  const lock = lockDataDir(folder);
  expect(readLock(folder).pid).toBe(process.pid);
  lock.release();
  expect(fs.readdirSync(folder)).toEqual([]);
}, CHILD_TIMEOUT_MS);

test('a process that exits without releasing leaves no lock behind', async () => {
  const folder = makeFolder();
  const holder = startChild({ LOCK_DIR: folder, THEN: 'exit' });
  expect(await holder.exited).toBe(0);
  expect(fs.readdirSync(folder)).toEqual([]);
}, CHILD_TIMEOUT_MS);

test('a lock whose pid is alive but belongs to a later process (pid reused) is taken over', () => {
  const folder = makeFolder();
  writeLock(folder, { pid: process.pid, startTicks: '1' });
  if (!fs.existsSync('/proc/self/stat')) {
    // Without /proc a start time cannot be read, so a live pid counts as the holder: refused.
    expect(() => lockDataDir(folder)).toThrow(/already has the database folder/);
    return;
  }
  const lock = lockDataDir(folder);
  expect(readLock(folder).startTicks).not.toBe('1');
  lock.release();
});

test('a lock whose pid has exited is taken over, and a live one with the same start time is not', async () => {
  const folder = makeFolder();
  writeLock(folder, { pid: await deadPid() });
  const lock = lockDataDir(folder);
  const mine = readLock(folder);
  expect(mine.pid).toBe(process.pid);
  fs.rmSync(path.join(folder, LOCK_FILE_NAME));
  // This process's pid and start time, under another token: alive, so refused.
  writeLock(folder, { startTicks: mine.startTicks });
  expect(() => lockDataDir(folder)).toThrow(/This process \(pid \d+/);
  // Releasing leaves alone a lock file that is no longer ours.
  lock.release();
  expect(readLock(folder).token).toBe('someone-else');
});

/** A process that has exited but whose parent never reads its exit code: a zombie, its pid still taken. */
async function zombie(): Promise<{ pid: number; startTicks: string }> {
  // sh starts a child that exits at once, then becomes `sleep`, which never waits for it.
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(parent);
  const pid = Number(await new Promise<string>((resolve) => parent.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))));
  for (let tries = 0; tries < 100; tries += 1) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return { pid, startTicks: fields[19] ?? '' };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`process ${pid} did not become a zombie`);
}

test('a lock whose holder was killed but lingers as a zombie is taken over, so a restart at once is not refused', async () => {
  if (!fs.existsSync('/proc/self/stat')) return;
  const folder = makeFolder();
  const dead = await zombie();
  // Its pid answers signals and its start time matches: only its state says it is gone.
  expect(() => process.kill(dead.pid, 0)).not.toThrow();
  writeLock(folder, { pid: dead.pid, startTicks: dead.startTicks });
  const lock = lockDataDir(folder);
  expect(readLock(folder).pid).toBe(process.pid);
  lock.release();
});

test('a lock held on another host (or an earlier container) is refused while touched, and taken over a minute after', () => {
  const folder = makeFolder();
  const lockPath = path.join(folder, LOCK_FILE_NAME);
  writeLock(folder, { hostname: `not-${os.hostname()}`, pid: 1 });
  expect(() => lockDataDir(folder)).toThrow(
    new RegExp(`^The database folder ${folder} is in use by a process on host not-.* \\(pid 1, .*If that process is gone, start again in (60|59) s\\.$`),
  );
  const aMinuteAgo = new Date(Date.now() - 61_000);
  fs.utimesSync(lockPath, aMinuteAgo, aMinuteAgo);
  const lock = lockDataDir(folder);
  expect(readLock(folder).hostname).toBe(os.hostname());
  lock.release();
});

test('the holder touches its lock file, so another host can tell it is alive', () => {
  jest.useFakeTimers();
  try {
    const folder = makeFolder();
    const lock = lockDataDir(folder);
    const lockPath = path.join(folder, LOCK_FILE_NAME);
    const longAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lockPath, longAgo, longAgo);
    jest.advanceTimersByTime(10_000);
    expect(fs.statSync(lockPath).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    lock.release();
  } finally {
    jest.useRealTimers();
  }
});

test('an unreadable lock file is refused while fresh and taken over once old', () => {
  const folder = makeFolder();
  const lockPath = path.join(folder, LOCK_FILE_NAME);
  fs.writeFileSync(lockPath, '{"pid": 12');
  expect(() => lockDataDir(folder)).toThrow(/cannot be read/);
  const aMinuteAgo = new Date(Date.now() - 60_000);
  fs.utimesSync(lockPath, aMinuteAgo, aMinuteAgo);
  const lock = lockDataDir(folder);
  expect(readLock(folder).pid).toBe(process.pid);
  lock.release();
});

test('of two processes starting at once on an empty folder, exactly one gets the lock', async () => {
  const folder = makeFolder();
  const outcomes = await race(folder);
  expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome.startsWith('refused'))).toHaveLength(1);
}, CHILD_TIMEOUT_MS);

test('of two processes starting at once on a folder with a stale lock, exactly one takes it over', async () => {
  const folder = makeFolder();
  writeLock(folder, { pid: await deadPid() });
  const outcomes = await race(folder);
  expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome.startsWith('refused'))).toHaveLength(1);
  // Nothing left beside the lock: no temp or set-aside files.
  expect(fs.readdirSync(folder)).toEqual([LOCK_FILE_NAME]);
}, CHILD_TIMEOUT_MS);

test('releasing twice is harmless and lets the folder be locked again', () => {
  const folder = makeFolder();
  const locks: DataDirLock[] = [lockDataDir(folder)];
  locks[0]?.release();
  locks[0]?.release();
  locks.push(lockDataDir(folder));
  locks[1]?.release();
  expect(fs.readdirSync(folder)).toEqual([]);
});
