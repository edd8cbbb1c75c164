import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { hashToken, newToken, TOKEN_PATTERN } from '../auth/tokens';

/**
 * The command line's way in while the api runs (npm run orders, npm run operators): the embedded
 * database has one owner, so a script on the api's machine asks the api. At start the api makes a
 * random token and writes it, with its own address, to a file only its user can read in its data
 * folder; the api accepts the token from a loopback address only, and the file goes when it stops.
 */
export const CREDENTIAL_FILE = 'operator-credential.json';

export interface MachineCredentialFile {
  /** Where the api listens, as the command line reaches it. */
  url: string;
  token: string;
  pid: number;
}

export function newMachineToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

/** Whether `token` is the one whose hash is `expectedHash` (compared in constant time). */
export function isMachineToken(token: string, expectedHash: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function writeMachineCredential(dir: string, credential: MachineCredentialFile): Promise<() => Promise<void>> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, CREDENTIAL_FILE);
  // Written aside and renamed, so a reader never sees half a file; 0600: this user's alone.
  const aside = `${file}.${process.pid}`;
  await fs.writeFile(aside, `${JSON.stringify(credential)}\n`, { mode: 0o600 });
  await fs.rename(aside, file);
  return async () => {
    // Only our own: a second api started on the folder since may have written its own.
    const current = await readMachineCredential(dir);
    if (current?.token === credential.token) await fs.rm(file, { force: true });
  };
}

export async function readMachineCredential(dir: string): Promise<MachineCredentialFile | null> {
  try {
    const parsed = JSON.parse(await fs.readFile(path.join(dir, CREDENTIAL_FILE), 'utf8')) as Partial<MachineCredentialFile>;
    if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string' || typeof parsed.pid !== 'number') return null;
    return { url: parsed.url, token: parsed.token, pid: parsed.pid };
  } catch {
    return null;
  }
}
