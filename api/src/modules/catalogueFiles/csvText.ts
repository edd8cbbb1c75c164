import iconv from 'iconv-lite';

/**
 * How a shop's CSV file arrives: UTF-8 with or without a byte-order mark (what Shopify and most
 * tools write), or Windows-1252 (what Excel on Windows writes when "CSV" is chosen). Told apart by
 * the bytes themselves: a file that is not valid UTF-8 is read as Windows-1252.
 */
export type CsvEncoding = 'utf-8' | 'windows-1252';

export const CSV_ENCODINGS: readonly CsvEncoding[] = ['utf-8', 'windows-1252'];

// Node's TextDecoder reads 'windows-1252' as Latin-1, losing the curly quotes, dashes and euro sign
// that Windows-1252 puts at 0x80–0x9F: iconv-lite has the real table.
const windows1252 = (bytes: Uint8Array) => iconv.decode(Buffer.from(bytes), 'windows-1252');

export function decodeCsv(bytes: Uint8Array, encoding?: CsvEncoding): { text: string; encoding: CsvEncoding } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  if (encoding === 'windows-1252') return { text: windows1252(body), encoding };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch (error) {
    // Asked for UTF-8 by name: a byte that is not UTF-8 is the file's problem, said as such.
    if (encoding === 'utf-8') throw new Error('The file is not valid UTF-8; if it was saved by Excel, try --encoding windows-1252.', { cause: error });
    return { text: windows1252(body), encoding: 'windows-1252' };
  }
}

/**
 * A cell that begins with one of these is run as a formula by a spreadsheet that opens the file
 * (CSV injection): written out, such a text cell gets a leading apostrophe, which spreadsheets
 * show as text, and a cell read in loses that apostrophe again, so a round trip changes nothing.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
