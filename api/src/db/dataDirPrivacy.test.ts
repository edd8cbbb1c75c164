/**
 * The embedded database's folder holds password hashes, addresses and orders: no other user of the
 * machine may read it. A fresh folder is made private, even by a process whose umask would grant
 * others everything, and so is a folder an earlier version left open to all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDatabase } from '../seed/seed';
import { DATABASE_TIMEOUT_MS } from '../testing/testDatabases';
import { createDatabase } from './openDatabase';
import { migrate } from './migrate';

jest.setTimeout(DATABASE_TIMEOUT_MS * 2);

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-privacy-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file and folder under `dir` (and itself) that grants anything to its group or others. */
function openToOthers(dir: string): string[] {
  const entries = [dir, ...(fs.readdirSync(dir, { recursive: true }) as string[]).map((name) => path.join(dir, name))];
  return entries.filter((entry) => (fs.lstatSync(entry).mode & 0o077) !== 0).map((entry) => path.relative(root, entry));
}

async function openAndFill(dataDir: string): Promise<void> {
  const database = await createDatabase({ dataDir });
  try {
    await migrate(database);
    // Tables filled after the folder was opened: files PGlite creates as it goes.
    await seedDatabase(database);
  } finally {
    await database.close();
  }
}

test('a fresh folder and every file the database writes in it are its owner’s alone, whatever the umask', async () => {
  const previous = process.umask(0o000);
  try {
    const dataDir = path.join(root, 'fresh');
    await openAndFill(dataDir);
    expect(fs.readdirSync(dataDir).length).toBeGreaterThan(5);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
  } finally {
    process.umask(previous);
  }
});

test('a folder an earlier version left readable by all is made private when the api opens it', async () => {
  const dataDir = path.join(root, 'earlier');
  await openAndFill(dataDir);
  // As the earlier version's files were found: 0666, folders 0777.
  for (const name of ['', ...(fs.readdirSync(dataDir, { recursive: true }) as string[])]) {
    const entry = path.join(dataDir, name);
    fs.chmodSync(entry, fs.statSync(entry).isDirectory() ? 0o777 : 0o666);
  }
  expect(openToOthers(dataDir).length).toBeGreaterThan(100);
  expect(openToOthers(dataDir)).toEqual(expect.arrayContaining([path.join('earlier', 'pg_hba.conf')]));

  const database = await createDatabase({ dataDir });
  try {
    expect(openToOthers(dataDir)).toEqual([]);
    // Still the same database, readable by its owner.
    const products = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(products.rows[0]?.n).toBeGreaterThan(0);
  } finally {
    await database.close();
  }
});
