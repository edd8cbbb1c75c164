/**
 * `npm run catalogue -- <command>`: the shop's products in and out as a Shopify product CSV, the
 * file most shops already have. Works with the store running (through it) or not (straight to
 * its database); a running store shows an import within seconds.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CSV_ENCODINGS, type CsvEncoding, decodeCsv, describeProblem, digestOf, judgePicture, type PictureFiles, PictureRefused, readShopifyCsv } from '../modules/catalogueFiles';
import { CommandError, runCommandLine, type ShopAccess } from './shopAccess';

export const CATALOGUE_USAGE = `usage: npm run catalogue -- <command>
  import <file.csv> [--dry-run] [--remove-missing] [--encoding utf-8|windows-1252]
                      bring in a Shopify product CSV, all or nothing: every problem is listed
                      with its line and column, and then nothing is imported.
                      --dry-run          check only; change nothing
                      --remove-missing   unpublish the shop's products the file does not have
                      --encoding         the file's encoding, when guessing it is not enough
  export <file.csv>   write the whole catalogue as a Shopify product CSV (- for the terminal)
  pictures            how many imported pictures wait, are made, and which failed and why`;

/** Writes progress on one line of the terminal, when there is one to write it on. */
function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text}`);
}

function bar(done: number, total: number, width = 24): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
}

const perSecond = (count: number, since: number) => Math.round(count / Math.max(0.001, (performance.now() - since) / 1000));

/**
 * Sends each picture the file names by a path beside it; answers what became of each, so the
 * import can tell a picture that was read from one that was not, on the line that names it.
 */
async function sendPictures(shop: ShopAccess, csvFile: string, sources: readonly string[], out: (text: string) => void): Promise<PictureFiles> {
  const files: PictureFiles = {};
  const folder = path.dirname(path.resolve(csvFile));
  let done = 0;
  for (const source of sources) {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(path.resolve(folder, source));
    } catch (error) {
      files[source] = { missing: (error as NodeJS.ErrnoException).code === 'ENOENT' ? `no file ${path.resolve(folder, source)}` : (error as Error).message };
      continue;
    }
    try {
      files[source] = { digest: await shop.uploadPicture(bytes) };
      if (files[source].digest !== digestOf(bytes)) throw new CommandError(`the store kept ${source} under another digest`);
    } catch (error) {
      if (!(error instanceof PictureRefused)) throw error;
      files[source] = { missing: error.message };
    }
    done += 1;
    progress(`pictures sent ${bar(done, sources.length)}`);
  }
  if (sources.length > 0) {
    progress('');
    const unread = sources.length - done;
    out(`Sent ${done} picture${done === 1 ? '' : 's'} from beside the file${unread > 0 ? `; ${unread} could not be read there (a picture the store already made from it is kept)` : ''}.`);
  }
  return files;
}

async function runImport(shop: ShopAccess, file: string, options: { dryRun: boolean; removeMissing: boolean; encoding?: CsvEncoding }, out: (text: string) => void): Promise<number> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    throw new CommandError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let csv: string;
  try {
    csv = decodeCsv(bytes, options.encoding).text;
  } catch (error) {
    throw new CommandError((error as Error).message);
  }
  const started = performance.now();
  // Checked here first, so a file with problems sends no picture; the store checks it again.
  const plan = readShopifyCsv(csv);
  progress(`read ${plan.rows} rows (${perSecond(plan.rows, started)} rows/s)`);
  if (plan.problems.length > 0) {
    progress('');
    for (const problem of plan.problems) out(describeProblem(problem));
    out(`Nothing was imported: ${plan.problems.length} problem${plan.problems.length === 1 ? '' : 's'} in ${file}.`);
    return 1;
  }
  const sources = [...new Set(plan.products.flatMap((product) => product.pictures.map((picture) => picture.source)).filter((source) => !/^https?:\/\//i.test(source)))];
  const files = options.dryRun ? Object.fromEntries(await Promise.all(sources.map(async (source) => [source, await localPicture(file, source)] as const))) : await sendPictures(shop, file, sources, out);
  progress(`importing ${plan.products.length} products…`);
  const importing = performance.now();
  const outcome = await shop.importCatalogue({ csv, files, dryRun: options.dryRun, removeMissing: options.removeMissing }, (written, total) =>
    progress(`importing ${bar(written, total)} products (${perSecond(written, importing)} products/s)`),
  );
  progress('');
  if (!outcome.ok) {
    for (const problem of outcome.problems) out(describeProblem(problem));
    out(`Nothing was imported: ${outcome.problems.length} problem${outcome.problems.length === 1 ? '' : 's'} in ${file}.`);
    return 1;
  }
  const seconds = (performance.now() - importing) / 1000;
  const counts = `${outcome.created} new, ${outcome.updated} updated, ${outcome.unchanged} unchanged${options.removeMissing ? `, ${outcome.unpublished} unpublished` : ''}`;
  if (options.dryRun) {
    out(`The file is good: importing it would make ${counts}. Nothing was changed (--dry-run).`);
    return 0;
  }
  out(`Imported ${outcome.rows} rows in ${seconds.toFixed(1)} s (${perSecond(outcome.rows, importing)} rows/s): ${counts}.`);
  if (outcome.picturesWaiting > 0) await makePictures(shop, outcome.picturesWaiting, out);
  return 0;
}

/** Whether a picture beside the file is one the store takes, for a dry run (which sends nothing). */
async function localPicture(csvFile: string, source: string): Promise<PictureFiles[string]> {
  const where = path.resolve(path.dirname(path.resolve(csvFile)), source);
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(where);
  } catch {
    return { missing: `no file ${where}` };
  }
  try {
    await judgePicture(bytes);
    return { digest: digestOf(bytes) };
  } catch (error) {
    return { missing: (error as Error).message };
  }
}

/** With no store running, the command makes the pictures itself; a running store makes them in the background. */
async function makePictures(shop: ShopAccess, waiting: number, out: (text: string) => void): Promise<void> {
  if (!shop.makeNextPicture) {
    out(`The store makes ${waiting} picture${waiting === 1 ? '' : 's'} in the background; until then a product shows the placeholder. npm run catalogue -- pictures shows how far it is.`);
    return;
  }
  const before = await shop.pictures();
  const started = performance.now();
  let tried = 0;
  while (await shop.makeNextPicture()) {
    tried += 1;
    progress(`pictures made ${bar(Math.min(tried, waiting), waiting)} (${perSecond(tried, started)}/s)`);
  }
  progress('');
  const after = await shop.pictures();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const failed = after.failed.length - before.failed.length;
  out(`Made ${after.ready - before.ready} pictures in ${seconds} s${failed > 0 ? `; ${failed} could not be made (npm run catalogue -- pictures says why)` : ''}.`);
}

export async function runCatalogueCommand(args: readonly string[], open: () => Promise<ShopAccess>, out: (text: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean' }, 'remove-missing': { type: 'boolean' }, encoding: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [command, file, extra] = positionals;
  if (!command || command === 'help' || values.help) {
    out(CATALOGUE_USAGE);
    return command || values.help ? 0 : 1;
  }
  if (!['import', 'export', 'pictures'].includes(command)) throw new CommandError(`unknown command "${command}"\n${CATALOGUE_USAGE}`);
  if (command !== 'pictures' && (!file || extra !== undefined)) throw new CommandError(`${command} needs one file\n${CATALOGUE_USAGE}`);
  if (command !== 'import' && (values['dry-run'] || values['remove-missing'] || values.encoding)) throw new CommandError(`--dry-run, --remove-missing and --encoding are for import\n${CATALOGUE_USAGE}`);
  const encoding = values.encoding?.toLowerCase();
  if (encoding !== undefined && !CSV_ENCODINGS.includes(encoding as CsvEncoding)) throw new CommandError(`--encoding is utf-8 or windows-1252, not "${values.encoding}"`);
  const shop = await open();
  try {
    if (command === 'import') {
      return await runImport(shop, file as string, { dryRun: values['dry-run'] ?? false, removeMissing: values['remove-missing'] ?? false, encoding: encoding as CsvEncoding | undefined }, out);
    }
    if (command === 'export') {
      const csv = await shop.exportCatalogue();
      if (file === '-') {
        process.stdout.write(csv);
        return 0;
      }
      // Written aside and renamed: a file that was there is never left half written.
      const aside = `${file}.${process.pid}.tmp`;
      await fs.writeFile(aside, csv);
      await fs.rename(aside, file as string);
      out(`Wrote the catalogue to ${file}.`);
      return 0;
    }
    const report = await shop.pictures();
    out(`${report.ready} made, ${report.waiting} waiting, ${report.failed.length} failed.`);
    for (const failed of report.failed) out(`${failed.link}: ${failed.source}: ${failed.problem}`);
    return 0;
  } finally {
    await shop.close();
  }
}

if (require.main === module) runCommandLine(runCatalogueCommand);
