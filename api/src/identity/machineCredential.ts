import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { hashToken, newToken, TOKEN_PATTERN } from './tokens';

/**
 * The command line's way in while the api runs (npm run orders, npm run operators, npm run mail):
 * the embedded database has one owner, so a script on the api's machine asks the api. At start
 * each api process makes a random token and writes it, with its own address, to a file of its
 * own (named by its pid) that only its user can read in its data folder; the api accepts the token
 * from a loopback address only, and the file goes when it stops. Several api processes on one
 * folder's settings (API_PROCESSES) each leave theirs, so the command line reaches whichever runs.
 */
export const CREDENTIAL_FILE_PREFIX = 'operator-credential';

/** One api process's credential file. */
export function credentialFileName(pid: number): string {
  return `${CREDENTIAL_FILE_PREFIX}-${pid}.json`;
}

/** This process's files and the single file earlier versions wrote. */
const CREDENTIAL_FILE_NAME = /^operator-credential(-\d+)?\.json$/;

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
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, credentialFileName(credential.pid));
  // Written aside and renamed, so a reader never sees half a file; 0600: this user's alone.
  const aside = `${file}.${process.pid}.tmp`;
  await fs.writeFile(aside, `${JSON.stringify(credential)}\n`, { mode: 0o600 });
  await fs.rename(aside, file);
  await removeLeftCredentials(dir);
  return async () => {
    // Only our own: a later api with this pid may have written its own since.
    const current = await readCredentialFile(file);
    if (current?.token === credential.token) await fs.rm(file, { force: true });
  };
}

async function readCredentialFile(file: string): Promise<MachineCredentialFile | null> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<MachineCredentialFile>;
    if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string' || typeof parsed.pid !== 'number') return null;
    return { url: parsed.url, token: parsed.token, pid: parsed.pid };
  } catch {
    return null;
  }
}

/** Whether a process with this pid runs on this machine (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
}

/** Credentials left by api processes that are gone (killed, a power cut): nobody can use them. */
async function removeLeftCredentials(dir: string): Promise<void> {
  const names = (await fs.readdir(dir)).filter((name) => CREDENTIAL_FILE_NAME.test(name));
  for (const name of names) {
    const credential = await readCredentialFile(path.join(dir, name));
    if (credential && !isRunning(credential.pid)) await fs.rm(path.join(dir, name), { force: true });
  }
}

/**
 * Every credential in `dir` of an api process that still runs, newest first: the command line tries them in turn, since one may
 * be left by an api that did not stop cleanly (killed, a power cut).
 */
export async function readMachineCredentials(dir: string): Promise<MachineCredentialFile[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => CREDENTIAL_FILE_NAME.test(name));
  } catch {
    return [];
  }
  const found = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const [credential, stat] = await Promise.all([readCredentialFile(file), fs.stat(file).catch(() => null)]);
      return credential && stat ? { credential, modifiedMs: stat.mtimeMs } : null;
    }),
  );
  return found
    .filter((entry): entry is NonNullable<typeof entry> => entry !== null && isRunning(entry.credential.pid))
    .sort((a, b) => b.modifiedMs - a.modifiedMs)
    .map((entry) => entry.credential);
}
