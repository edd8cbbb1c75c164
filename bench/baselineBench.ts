/**
 * Section 6 of the benchmark: the browser's figures of this checkout side by side with another
 * commit's (BENCH_BASELINE, a git ref: the code before a change; unset, `defaultBaseline`
 * chooses it), in the same run on the same machine, so that a change is judged against what it changes and not against figures from
 * another day or another machine.
 *
 * The other commit is checked out in a git worktree of its own, installed with `npm ci` and
 * served by its own `npm start` (which builds it), on ports of its own; this checkout is served
 * by its `npm start` the same way. Then, page by page and taking turns (each run starting with
 * the other), on the throttled phone: cold loads (FCP, LCP), the three taps (INP), and
 * Lighthouse's audit (performance, FCP, LCP, its TBT, and the machine's benchmark index).
 */
import { spawn, spawnSync } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '@storefront/e2e/browser';
import { BENCH_ROUTES } from '@storefront/e2e/routes';
import { ROOT, type Ports } from '@storefront/edge/packages';
import { measureRoute } from './lib/frontEnd';
import { interactionsOf, measureInteraction, productToAdd } from './lib/interactions';
import { auditInTurn, type LighthouseFigures } from './lib/lighthouse';
import { portBase, stopChild, storePorts, waitForUrl } from './lib/servers';
import { rotated } from './lib/sideBySide';
import { median } from './lib/stats';

export const SIDES = ['baseline', 'now'] as const;
export type Side = (typeof SIDES)[number];

export interface BaselineFigures {
  /** The ref as given, the commit it named, and that commit's subject line. */
  ref: string;
  commit: string;
  subject: string;
  /** This checkout's commit, and whether it had changes not committed. */
  nowCommit: string;
  runs: number;
  paints: { route: string; fcp: Record<Side, number>; lcp: Record<Side, number> }[];
  interactions: { interaction: string; medianMs: Record<Side, number> }[];
  lighthouse: Record<Side, LighthouseFigures[]>;
}

function git(args: string[], cwd = ROOT): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim() || `exit ${result.status}`}`);
  return result.stdout.trim();
}

/** What decides the baseline when BENCH_BASELINE is not set. */
export interface RepositoryState {
  /** Tracked files changed and not committed. */
  dirty: boolean;
  /** Where this checkout's history leaves main's, when it has commits main lacks (a branch); else null. */
  branchPoint: string | null;
  /** Whether HEAD has a parent (not the first commit, nor a shallow clone's only one). */
  hasParent: boolean;
}

/**
 * The code before the change being measured, as a git ref, and why: with changes not committed,
 * the last commit (HEAD); on a branch, where it left main; else the commit before the last
 * (HEAD~1: the last commit is the change). Null when there is none to compare with.
 */
export function defaultBaseline(state: RepositoryState): { ref: string; why: string } | null {
  if (state.dirty) return { ref: 'HEAD', why: 'the last commit, beside the changes not committed' };
  if (state.branchPoint) return { ref: state.branchPoint, why: 'where this branch left main' };
  if (state.hasParent) return { ref: 'HEAD~1', why: 'the commit before the last' };
  return null;
}

/** The commit `ref` names in this repository, or null when it names none. */
function commitOf(ref: string): string | null {
  const found = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** This checkout's state, read from git. */
export function repositoryState(): RepositoryState {
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  const head = git(['rev-parse', 'HEAD']);
  // No common commit (unrelated histories) reads as no branch.
  const merged = commitOf('main') ? spawnSync('git', ['merge-base', 'HEAD', 'main'], { cwd: ROOT, encoding: 'utf8' }) : null;
  const fork = merged?.status === 0 ? merged.stdout.trim() : null;
  const branchPoint = fork && fork !== head ? fork : null;
  const hasParent = commitOf('HEAD~1') !== null;
  return { dirty, branchPoint, hasParent };
}

/** The commit `ref` names in this repository, or a clear error. */
export function resolveBaseline(ref: string): { commit: string; subject: string } {
  if (!/^[\w./~^@{}][\w./~^@{}-]{0,199}$/.test(ref)) throw new Error(`BENCH_BASELINE must be a git ref (a branch, tag or commit), got "${ref}"`);
  const commit = commitOf(ref);
  if (!commit) throw new Error(`BENCH_BASELINE "${ref}" names no commit of this repository`);
  return { commit, subject: git(['log', '-1', '--format=%s', commit]) };
}

interface ServedStore {
  url: string;
  stop: () => Promise<void>;
}

/** The last lines of a log file, for an error message. */
function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Runs `command` in `cwd` to its end, its output in `logFile`; throws with the log's end if it fails. */
async function runLogged(command: string, args: string[], cwd: string, logFile: string): Promise<void> {
  const out = openSync(logFile, 'a');
  try {
    const child = spawn(command, args, { cwd, stdio: ['ignore', out, out] });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`${command} ${args.join(' ')} in ${cwd} failed (exit ${code}):\n${tail(logFile)}`);
  } finally {
    closeSync(out);
  }
}


/**
 * `npm start` in `root` on `ports`, with a PGlite database and a composition of its own in `work`
 * (never the shop's: DATABASE_URL is left out), building first what is missing; resolves once its
 * shell answers.
 */
async function serve(root: string, ports: Ports, work: string, name: Side): Promise<ServedStore> {
  const logFile = path.join(work, `${name}-start.log`);
  const out = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SHELL_PORT: String(ports.shell),
    API_PORT: String(ports.api),
    CATALOG_PORT: String(ports.remotes['mfe-catalog']),
    PRODUCT_PORT: String(ports.remotes['mfe-product']),
    CART_PORT: String(ports.remotes['mfe-cart']),
    ACCOUNT_PORT: String(ports.remotes['mfe-account']),
    DATA_DIR: path.join(work, `${name}-data`),
    COMPOSITION_FILE: path.join(work, `${name}-composition.json`),
  };
  delete env.DATABASE_URL;
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  const url = `http://localhost:${ports.shell}`;
  try {
    // A first start builds every package: minutes on a small machine.
    await waitForUrl(`${url}/`, child, 30 * 60_000);
  } catch (error) {
    await stopChild(child, { group: true, graceMs: 20_000 });
    throw new Error(`the ${name} store did not start: ${error instanceof Error ? error.message : String(error)}\n${tail(logFile)}`, { cause: error });
  }
  return { url, stop: () => stopChild(child, { group: true, graceMs: 20_000 }) };
}

/** `measure` run `runs` times on each side in turn (each run starting with the other): what it gave, per side. */
async function inTurn<Value>(runs: number, measure: (side: Side) => Promise<Value>): Promise<Record<Side, Value[]>> {
  const values: Record<Side, Value[]> = { baseline: [], now: [] };
  for (let run = 0; run < runs; run += 1) {
    for (const side of rotated(SIDES, run)) values[side].push(await measure(side));
  }
  return values;
}

/** Per side, the median of what `pick` reads from each measurement. */
function medians<Value>(values: Record<Side, Value[]>, pick: (value: Value) => number): Record<Side, number> {
  return { baseline: median(values.baseline.map(pick)), now: median(values.now.map(pick)) };
}

async function measureBoth(browser: Browser, urls: Record<Side, string>, runs: number, log: (line: string) => void, tries: number): Promise<Omit<BaselineFigures, 'ref' | 'commit' | 'subject' | 'nowCommit' | 'runs'>> {
  // Each store's own product to add: the two may seed their catalogues differently.
  const chosen: Record<Side, { link: string }> = { baseline: (await productToAdd(`${urls.baseline}/api`)).product, now: (await productToAdd(`${urls.now}/api`)).product };
  const pathOn = (side: Side, routePath: string) => new URL(routePath.replace('{product}', encodeURIComponent(chosen[side].link)), urls[side]).toString();
  // Unmeasured first: each store draws every page once, and the browser loads one of each.
  for (const side of SIDES) {
    for (const { path: routePath } of BENCH_ROUTES) await (await fetch(pathOn(side, routePath))).arrayBuffer();
    await measureRoute(browser, pathOn(side, '/'));
  }
  const paints: BaselineFigures['paints'] = [];
  for (const { route, path: routePath } of BENCH_ROUTES) {
    const loads = await inTurn(runs, (side) => measureRoute(browser, pathOn(side, routePath)));
    const row = { route, fcp: medians(loads, (load) => load.fcp), lcp: medians(loads, (load) => load.lcp) };
    paints.push(row);
    log(`baseline: ${route} LCP ${row.lcp.baseline.toFixed(0)} → ${row.lcp.now.toFixed(0)} ms`);
  }
  const interactions: BaselineFigures['interactions'] = [];
  for (const { name, path: routePath, control } of interactionsOf('/product?id={product}')) {
    const medianMs = medians(await inTurn(tries, (side) => measureInteraction(browser, pathOn(side, routePath), control)), (ms) => ms);
    interactions.push({ interaction: name, medianMs });
    log(`baseline: ${name} ${medianMs.baseline.toFixed(0)} → ${medianMs.now.toFixed(0)} ms`);
  }
  const audits = await auditInTurn(
    BENCH_ROUTES.map(({ route, path: routePath }) => ({ route, urls: Object.fromEntries(SIDES.map((side) => [side, pathOn(side, routePath)])) })),
    runs,
    (line) => log(`baseline: ${line}`),
  );
  return { paints, interactions, lighthouse: { baseline: audits.baseline ?? [], now: audits.now ?? [] } };
}

/**
 * Section 6: `ref`'s store and this checkout's, side by side. Needs the network to the npm
 * registry (or its cache) for the other commit's `npm ci`.
 */
export async function benchBaseline(ref: string, runs: number, tries: number, log: (line: string) => void): Promise<BaselineFigures> {
  const { commit, subject } = resolveBaseline(ref);
  const nowCommit = `${git(['rev-parse', '--short', 'HEAD'])}${git(['status', '--porcelain', '--untracked-files=no']) ? ' with changes not committed' : ''}`;
  const work = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-baseline-'));
  const tree = path.join(work, 'tree');
  const stores: ServedStore[] = [];
  git(['worktree', 'add', '--detach', tree, commit]);
  try {
    log(`baseline: ${ref} (${commit.slice(0, 10)} ${subject}): npm ci in ${tree}`);
    await runLogged('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], tree, path.join(work, 'install.log'));
    const base = portBase();
    log("baseline: starting both stores (the baseline's npm start builds it first: minutes)");
    const now = await serve(ROOT, storePorts(base + 40), work, 'now');
    stores.push(now);
    const baseline = await serve(tree, storePorts(base + 60), work, 'baseline');
    stores.push(baseline);
    const browser = await launchBrowser({ shopper: true });
    try {
      const figures = await measureBoth(browser, { baseline: baseline.url, now: now.url }, runs, log, Math.min(tries, 5));
      return { ref, commit: commit.slice(0, 10), subject, nowCommit, runs, ...figures };
    } finally {
      await browser.close();
    }
  } finally {
    for (const store of stores) await store.stop();
    spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT });
    await rm(work, { recursive: true, force: true });
  }
}
