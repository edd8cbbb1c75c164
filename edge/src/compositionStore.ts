/**
 * The live composition and its history, as files: `composition/composition.json` (or
 * COMPOSITION_FILE) and `composition/history/`. Writes are atomic (a temporary file renamed into
 * place), so the shell never reads half a composition.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { REMOTES, ROOT, type Remote } from './packages';

export interface CompositionEntry {
  version: string;
  manifest: string;
}

export interface CompositionDocument {
  remotes: Partial<Record<Remote, CompositionEntry>>;
  config?: { apiBase?: string; assetHost?: string };
}

export function compositionFile(): string {
  return path.resolve(process.env.COMPOSITION_FILE ?? path.join(ROOT, 'composition', 'composition.json'));
}

function historyDir(file: string): string {
  return path.join(path.dirname(file), 'history');
}

export function isRemote(name: string): name is Remote {
  return (REMOTES as readonly string[]).includes(name);
}

/** Accepts the short names release managers type: `catalog` for `mfe-catalog`. */
export function remoteFromName(name: string): Remote | undefined {
  const full = name.startsWith('mfe-') ? name : `mfe-${name}`;
  return isRemote(full) ? full : undefined;
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

/** Reads a composition in either form the shell accepts: name → URL, or name → { version, manifest }. */
export function parseCompositionDocument(text: string): CompositionDocument {
  const raw = JSON.parse(text) as { remotes?: Record<string, unknown>; config?: CompositionDocument['config'] };
  const document: CompositionDocument = { remotes: {}, ...(raw.config ? { config: raw.config } : {}) };
  for (const [name, value] of Object.entries(raw.remotes ?? {})) {
    if (!isRemote(name)) throw new Error(`unknown remote "${name}" (known: ${REMOTES.join(', ')})`);
    const manifest = typeof value === 'string' ? value : (value as Partial<CompositionEntry>)?.manifest;
    if (typeof manifest !== 'string') throw new Error(`remote "${name}" has no manifest URL`);
    const version = (typeof value === 'object' && value !== null ? (value as Partial<CompositionEntry>).version : undefined) ?? versionFromManifestUrl(manifest);
    if (!version) throw new Error(`remote "${name}": cannot tell the version of ${manifest}`);
    document.remotes[name] = { version, manifest };
  }
  return document;
}

export async function readComposition(file = compositionFile()): Promise<CompositionDocument | null> {
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return text === null ? null : parseCompositionDocument(text);
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temporary, text);
  await fs.rename(temporary, file);
}

function serialise(document: CompositionDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The history, oldest first: each file is a composition that was live before. */
export async function readHistory(file = compositionFile()): Promise<{ file: string; document: CompositionDocument }[]> {
  const dir = historyDir(file);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => ({ file: path.join(dir, name), document: parseCompositionDocument(await fs.readFile(path.join(dir, name), 'utf8')) })));
}

/**
 * Makes `next` live, keeping what was live in the history: the file, or, before the first
 * composition is published, `servedBefore` (what the shell was serving, the working builds).
 */
export async function publishComposition(next: CompositionDocument, file = compositionFile(), servedBefore?: CompositionDocument): Promise<void> {
  const current = (await fs.readFile(file, 'utf8').catch(() => null)) ?? (servedBefore ? serialise(servedBefore) : null);
  if (current !== null) {
    const history = await readHistory(file);
    const sequence = String(history.length + 1).padStart(6, '0');
    await writeAtomically(path.join(historyDir(file), `${sequence}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), current);
  }
  await writeAtomically(file, serialise(next));
}

/** Puts the newest composition of the history back live and takes it off the history. */
export async function rollbackComposition(file = compositionFile()): Promise<CompositionDocument> {
  const history = await readHistory(file);
  const previous = history[history.length - 1];
  if (!previous) throw new Error('there is no earlier composition to roll back to');
  await writeAtomically(file, serialise(previous.document));
  await fs.rm(previous.file);
  return previous.document;
}

/**
 * For each remote, the newest earlier version in the history that differs from the live one: where the
 * shell falls back when the live version of a remote cannot load.
 */
export function lastKnownGood(live: CompositionDocument, history: readonly { document: CompositionDocument }[]): Partial<Record<Remote, CompositionEntry>> {
  const fallbacks: Partial<Record<Remote, CompositionEntry>> = {};
  for (const remote of REMOTES) {
    const current = live.remotes[remote];
    for (let index = history.length - 1; index >= 0; index -= 1) {
      const earlier = history[index]?.document.remotes[remote];
      if (earlier && earlier.manifest !== current?.manifest) {
        fallbacks[remote] = earlier;
        break;
      }
    }
  }
  return fallbacks;
}
