/**
 * `npm run compose -- <command>`, for release managers:
 *   check [file]               validate a composition (the live one by default); exit 1 on any problem
 *   set catalog=1.4.0 …        check, then make the new composition live (the old one goes to history)
 *   rollback                   put the previous composition back
 *   list                       released versions per remote, and what is live
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { checkComposition, type Contract, type Manifest, type Problem, type RemoteCandidate, type ShellFacts } from './lib/composeRules';
import {
  compositionFile,
  parseCompositionDocument,
  publishComposition,
  readComposition,
  readHistory,
  remoteFromName,
  rollbackComposition,
  type CompositionDocument,
} from '../edge/src/compositionStore';
import { portsFromEnv, REMOTES, ROOT } from '../edge/src/packages';
import { listReleases, releaseManifestUrl, VERSION_PATTERN } from '../edge/src/releaseStore';
import { localComposition } from '../edge/src/composition';

const FETCH_TIMEOUT_MS = 5000;

async function fetchStatus(url: string): Promise<{ status: number | string; body: string | null }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { 'cache-control': 'no-cache' } });
    return { status: response.status, body: response.ok ? await response.text() : null };
  } catch (error) {
    return { status: error instanceof Error ? error.name === 'TimeoutError' ? 'timeout' : error.message : 'unreachable', body: null };
  }
}

/** Where the entry file is: the manifest's public path when absolute, else beside the manifest. */
function remoteEntryUrl(manifestUrl: string, manifest: Manifest): string {
  const { publicPath, remoteEntry } = manifest.metaData;
  const base = publicPath && publicPath !== 'auto' ? publicPath : new URL('.', manifestUrl).toString();
  return new URL(path.posix.join(remoteEntry.path || '', remoteEntry.name), base).toString();
}

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

async function gather(document: CompositionDocument): Promise<RemoteCandidate[]> {
  return Promise.all(
    Object.entries(document.remotes).map(async ([remote, entry]) => {
      const { status, body } = await fetchStatus(entry.manifest);
      const manifest = parseJson<Manifest>(body);
      const entryUrl = manifest ? remoteEntryUrl(entry.manifest, manifest) : null;
      const entryStatus = entryUrl ? (await fetchStatus(entryUrl)).status : null;
      const contractAnswer = manifest ? await fetchStatus(new URL('contract.json', entry.manifest).toString()) : null;
      const contract = parseJson<Contract>(contractAnswer?.body ?? null);
      return {
        remote,
        version: entry.version,
        manifestUrl: entry.manifest,
        manifestStatus: body !== null && manifest === null ? 'not JSON' : status,
        manifest,
        remoteEntryUrl: entryUrl,
        remoteEntryStatus: entryStatus,
        contract,
      };
    }),
  );
}

/** The shell that will load the composition: its bundled singletons and the modules it loads. */
async function shellFacts(): Promise<ShellFacts> {
  const manifestPath = process.env.SHELL_MANIFEST ?? path.join(ROOT, 'shell', 'dist', 'mf-manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8').catch(() => {
    throw new Error(`the shell's manifest is missing at ${manifestPath}: build the shell (npm run build -w shell) or set SHELL_MANIFEST`);
  })) as Manifest;
  const { REMOTE_MODULES } = (await import(path.join(ROOT, 'shell', 'src', 'federation', 'remoteModules.ts'))) as { REMOTE_MODULES: Record<string, readonly string[]> };
  return {
    shared: Object.fromEntries(manifest.shared.map((shared) => [shared.name, shared.version])),
    requiredModules: REMOTE_MODULES,
    federationRuntime: manifest.metaData.pluginVersion,
  };
}

function printTable(candidates: readonly RemoteCandidate[], problems: readonly Problem[]) {
  const rows = candidates.map((candidate) => {
    const own = problems.filter((problem) => problem.remote === candidate.remote);
    return { remote: candidate.remote, version: candidate.version, result: own.length === 0 ? 'ok' : own.map((problem) => problem.rule).join(', '), manifest: candidate.manifestUrl };
  });
  console.table(rows);
  for (const problem of problems) {
    console.error(`✗ ${problem.remote} [${problem.rule}] ${problem.message}\n    fix: ${problem.fix}`);
  }
}

async function check(document: CompositionDocument): Promise<boolean> {
  const candidates = await gather(document);
  const problems = checkComposition(candidates, await shellFacts());
  printTable(candidates, problems);
  if (problems.length === 0) console.log('✓ the composition passes every check');
  return problems.length === 0;
}

async function setVersions(assignments: string[]): Promise<boolean> {
  if (assignments.length === 0) throw new Error('say which versions: npm run compose -- set catalog=1.4.0 cart=2.0.1');
  // Before any composition is published, what is live is the working builds the shell serves.
  const published = await readComposition();
  const current = published ?? localComposition(portsFromEnv(), process.env.PUBLIC_HOST ?? 'localhost');
  const next: CompositionDocument = { ...current, remotes: { ...current.remotes } };
  const ports = portsFromEnv();
  for (const assignment of assignments) {
    const [name = '', version = ''] = assignment.split('=');
    const remote = remoteFromName(name);
    if (!remote) throw new Error(`unknown remote "${name}" (known: ${REMOTES.map((known) => known.replace(/^mfe-/, '')).join(', ')})`);
    if (!VERSION_PATTERN.test(version)) throw new Error(`"${version}" is not a version such as 1.4.0`);
    next.remotes[remote] = { version, manifest: releaseManifestUrl(remote, version, ports) };
  }
  if (!(await check(next))) {
    console.error('nothing changed: the live composition stays as it was');
    return false;
  }
  await publishComposition(next, compositionFile(), published ? undefined : current);
  console.log(`✓ live: ${path.relative(process.cwd(), compositionFile())} (shoppers get it on their next page load)`);
  return true;
}

async function list() {
  const live = await readComposition();
  const rows = [];
  for (const remote of REMOTES) {
    rows.push({ remote, live: live?.remotes[remote]?.version ?? '—', released: (await listReleases(remote)).join(', ') || '—' });
  }
  console.table(rows);
  console.log(`history: ${(await readHistory()).length} earlier composition(s)`);
}

async function main(): Promise<boolean> {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case 'check': {
      const file = rest[0];
      const document = file ? parseCompositionDocument(await fs.readFile(file, 'utf8')) : await readComposition();
      if (!document) throw new Error(`there is no live composition at ${compositionFile()}; make one with: npm run compose -- set catalog=<version> …`);
      return check(document);
    }
    case 'set':
      return setVersions(rest);
    case 'rollback': {
      const restored = await rollbackComposition();
      console.log('✓ rolled back; live now:');
      console.table(Object.entries(restored.remotes).map(([remote, entry]) => ({ remote, version: entry.version })));
      return true;
    }
    case 'list':
      await list();
      return true;
    default:
      console.error('usage: npm run compose -- check [file] | set <remote>=<version>… | rollback | list');
      return false;
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(`[compose] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
