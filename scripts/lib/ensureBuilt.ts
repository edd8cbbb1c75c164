/**
 * `npm start` on a fresh clone builds what is missing, and rebuilds a package whose sources
 * changed since its last build, so the store it serves is the code in the tree.
 */
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { packageVersion, REMOTES, ROOT } from '@storefront/edge/packages';

interface Buildable {
  workspace: string;
  /** A file the build writes; its age is the build's age. */
  output: string;
  /** Folders and files whose changes call for a rebuild. */
  inputs: string[];
  /** The npm script that builds it ('build' unless said), and the folder it builds into ('dist'). */
  script?: string;
  outDir?: string;
}

const frontEndInputs = (dir: string) => [`${dir}/src`, `${dir}/package.json`, `${dir}/webpack.config.ts`, 'webpack.common.ts', 'webpack.remote.ts', 'build', 'loaders', 'shared/src'];

/** The benchmarks' monolith: the shell with every remote's exposed modules bundled in (shell/webpack.monolith.ts). */
const MONOLITH: Buildable = {
  workspace: 'shell',
  script: 'build:monolith',
  outDir: 'dist-monolith',
  output: 'shell/dist-monolith/index.html',
  inputs: ['shell/monolith', 'shell/webpack.monolith.ts', ...frontEndInputs('shell'), ...REMOTES.map((remote) => `${remote}/src`)],
};

const SHARED: Buildable = { workspace: 'shared', output: 'shared/dist/index.js', inputs: ['shared/src', 'shared/package.json'] };
/** The wire shapes' schemas: the api's compiled copy requires contracts/dist (shared takes only their types). */
const CONTRACTS: Buildable = { workspace: 'contracts', output: 'contracts/dist/index.js', inputs: ['contracts/src', 'contracts/package.json'] };
/** The composition's revisions and the page-view tokens: the api's compiled copy requires composition/dist. */
const COMPOSITION: Buildable = { workspace: 'release-state', output: 'release-state/dist/index.js', inputs: ['release-state/src', 'release-state/package.json'] };
/** What the api runs compiled, built before anything else. */
const LIBRARIES: readonly Buildable[] = [CONTRACTS, COMPOSITION, SHARED];

function buildables(): Buildable[] {
  return [
    ...LIBRARIES,
    { workspace: 'api', output: 'api/dist/server.js', inputs: ['api/src', 'api/package.json', 'shared/src', 'contracts/src', 'release-state/src'] },
    ...REMOTES.map((remote) => ({
      workspace: remote,
      output: `${remote}/dist/${packageVersion(remote)}/mf-manifest.json`,
      inputs: frontEndInputs(remote),
    })),
    { workspace: 'shell', output: 'shell/dist/index.html', inputs: frontEndInputs('shell') },
  ];
}

async function newestChange(target: string): Promise<number> {
  const stat = await fs.stat(target).catch(() => undefined);
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of await fs.readdir(target)) {
    newest = Math.max(newest, await newestChange(path.join(target, entry)));
  }
  return newest;
}

/**
 * When a build finished. webpack leaves unchanged files untouched (their mtime stays old), so the
 * age of the output itself says nothing; a stamp written after each build does.
 */
function stampPath({ workspace, outDir = 'dist' }: Buildable): string {
  return path.join(ROOT, workspace, outDir, '.build-stamp');
}

async function needsBuild(buildable: Buildable): Promise<boolean> {
  const { output, inputs } = buildable;
  if (!(await fs.stat(path.join(ROOT, output)).catch(() => undefined))) return true;
  const stamp = await fs.stat(stampPath(buildable)).catch(() => undefined);
  if (!stamp) return true;
  for (const input of inputs) {
    if ((await newestChange(path.join(ROOT, input))) > stamp.mtimeMs) return true;
  }
  return false;
}

function run(buildable: Buildable, log: (line: string) => void): Promise<void> {
  const { workspace, script = 'build' } = buildable;
  return new Promise((resolve, reject) => {
    log(`building ${workspace}${script === 'build' ? '' : ` (${script})`}…`);
    const child = spawn('npm', ['run', script, '--silent', '-w', workspace], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      if (code === 0) {
        fs.writeFile(stampPath(buildable), new Date().toISOString()).then(resolve, reject);
      }
      else reject(new Error(`building ${workspace} failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

/** Builds contracts and shared first (the api runs their compiled copies), then the rest two at a time. */
export async function ensureBuilt(log: (line: string) => void = console.log): Promise<void> {
  const stale: Buildable[] = [];
  for (const buildable of buildables()) if (await needsBuild(buildable)) stale.push(buildable);
  if (stale.length === 0) return;
  for (const library of stale.filter((buildable) => LIBRARIES.includes(buildable))) await run(library, log);
  const queue = stale.filter((buildable) => !LIBRARIES.includes(buildable));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await run(next, log);
  };
  await Promise.all([worker(), worker()]);
}

/** contracts and shared alone, when missing or older than their sources: what the api the web tests start runs. */
export async function ensureSharedBuilt(log: (line: string) => void = console.log): Promise<void> {
  for (const library of LIBRARIES) if (await needsBuild(library)) await run(library, log);
}

/** The monolith build the benchmarks compare with, when missing or older than its sources. */
export async function ensureMonolithBuilt(log: (line: string) => void = console.log): Promise<void> {
  if (await needsBuild(MONOLITH)) await run(MONOLITH, log);
}
