/**
 * npm run catalogue with no store running: straight to the database, the pictures made by the
 * command itself before it ends. (Through a running store: e2e/specs/catalogueImport.spec.ts.)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createMailer } from '../mail/mailer';
import { readSettings } from '../settings';
import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { migrate } from '../db/migrate';
import type { Database } from '../db/database';
import { runCatalogueCommand } from './catalogueCommand';
import { CommandError, directShopAccess, type ShopAccess } from './shopAccess';

const FIXTURES = path.resolve(__dirname, '../modules/catalogueFiles/fixtures');

describe.each(testDatabases())('npm run catalogue, with no store running ($name)', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let folder: string;

  beforeAll(async () => {
    ({ database, dispose } = await target.open());
    await migrate(database);
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-cli-'));
  }, DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await dispose();
    await fs.rm(folder, { recursive: true, force: true });
  }, DATABASE_TIMEOUT_MS);

  /** The command's access to the shop, its database left open for the next command. */
  const open = async (): Promise<ShopAccess> => {
    const settings = readSettings({ DATA_DIR: folder });
    const mail = createMailer({ database, devOutbox: true, log: pino({ level: 'silent' }) });
    return { ...directShopAccess(database, mail, settings, 'the test database'), close: async () => {} };
  };

  async function run(...args: string[]): Promise<{ code: number; printed: string }> {
    const printed: string[] = [];
    const code = await runCatalogueCommand(args, open, (text) => printed.push(text));
    return { code, printed: printed.join('\n') };
  }

  it('imports the file and its pictures, and makes the pictures before it ends', async () => {
    const checked = await run('import', path.join(FIXTURES, 'shop.csv'), '--dry-run');
    expect(checked).toEqual({ code: 0, printed: 'The file is good: importing it would make 2 new, 0 updated, 0 unchanged. Nothing was changed (--dry-run).' });
    expect((await database.query('SELECT 1 FROM products')).rows).toEqual([]);

    const imported = await run('import', path.join(FIXTURES, 'shop.csv'));
    expect(imported.code).toBe(0);
    expect(imported.printed.split('\n')).toEqual([
      'Sent 3 pictures from beside the file.',
      expect.stringMatching(/^Imported 5 rows in [0-9.]+ s \([0-9]+ rows\/s\): 2 new, 0 updated, 0 unchanged\.$/),
      expect.stringMatching(/^Made 3 pictures in [0-9.]+ s\.$/),
    ]);
    const pictures = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM product_pictures`);
    expect(pictures.rows[0]?.n).toBe(6);
    expect(await run('pictures')).toEqual({ code: 0, printed: '3 made, 0 waiting, 0 failed.' });
  });

  it('writes the export to a file, and importing it from another folder (its pictures not beside it) changes nothing', async () => {
    const file = path.join(folder, 'export.csv');
    expect(await run('export', file)).toEqual({ code: 0, printed: `Wrote the catalogue to ${file}.` });
    const again = await run('import', file);
    expect(again.printed).toMatch(/^Sent 0 pictures from beside the file; 3 could not be read there \(a picture the store already made from it is kept\)\.\n.*: 0 new, 0 updated, 2 unchanged\.$/);
  });

  it('prints every problem with its line and exits 1, importing nothing', async () => {
    const file = path.join(folder, 'bad.csv');
    const csv = await fs.readFile(path.join(FIXTURES, 'shop.csv'), 'utf8');
    await fs.writeFile(file, `${csv.trimEnd()}\nnew-hat,Sun Hat,,,,,,TRUE,Size,One Size,,,,,HAT-1,3,1.299,,,,,,active\nnew-cap,,,,,,,TRUE,Title,Default Title,,,,,CAP-1,3,80,,nowhere.jpg,,,,active\n`);
    const result = await run('import', file);
    expect(result).toEqual({
      code: 1,
      printed: [
        'line 7, column "Variant Price" (Q): the price is ambiguous ("1.299"): write 1299.00 or 1.30, not 1.299',
        'line 8, column "Title" (B): the product has no title',
        `Nothing was imported: 2 problems in ${file}.`,
      ].join('\n'),
    });
    expect((await database.query(`SELECT 1 FROM products WHERE link IN ('new-hat', 'new-cap')`)).rows).toEqual([]);
  });

  it('says which picture beside the file is missing, on its line', async () => {
    const file = path.join(folder, 'missing.csv');
    const csv = await fs.readFile(path.join(FIXTURES, 'shop.csv'), 'utf8');
    await fs.writeFile(file, `${csv.split('\n')[0]}\nnew-cap,Cap,,,,,,TRUE,Title,Default Title,,,,,CAP-1,3,80,,nowhere.jpg,1,,,active\n`);
    const result = await run('import', file);
    expect(result.code).toBe(1);
    expect(result.printed).toContain(`line 2, column "Image Src": cannot read the picture "nowhere.jpg": no file ${path.join(folder, 'nowhere.jpg')}`);
  });

  it('explains its usage and refuses what it does not know', async () => {
    expect((await run()).code).toBe(1);
    expect((await run('--help')).printed).toContain('import <file.csv> [--dry-run] [--remove-missing]');
    await expect(run('delete', 'x.csv')).rejects.toThrow(CommandError);
    await expect(run('import')).rejects.toThrow('import needs one file');
    await expect(run('import', 'x.csv', '--encoding', 'latin9')).rejects.toThrow('--encoding is utf-8 or windows-1252, not "latin9"');
    await expect(run('import', path.join(folder, 'no-such.csv'))).rejects.toThrow(/cannot read .*no-such\.csv/);
  });
});
