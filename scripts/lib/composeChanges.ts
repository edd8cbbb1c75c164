/**
 * What every compose command that changes a composition does: read the revision it is made on,
 * choose versions, and check the result against the shell and each other before it may go live.
 */
import { checkComposition, factsOf, readShellFacts, type Problem, type ReleaseFacts, type RemoteCandidate, type ShellFacts } from '@storefront/edge/composition-rules';
import { CompositionConflict, remoteFromName, shortName, type CompositionDocument, type CompositionStore, type LiveComposition } from '@storefront/release-state';
import { portsFromEnv, REMOTES, type Remote } from '@storefront/edge/packages';
import { defaultReleaseBase, releaseManifestUrl, VERSION_PATTERN } from '@storefront/edge/release-store';
import { localComposition } from '@storefront/edge/composition';
import { UsageError } from './composeOptions';
import { asConsumer, asProvider, checkExposedTypes, moduleUses } from './exposedProps';
import { gather, shellManifestPath } from './gatherReleases';

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

export interface Checked {
  ok: boolean;
  shell: ShellFacts;
  /** What the checks read of every remote whose manifest answered. */
  facts: Partial<Record<Remote, ReleaseFacts>>;
  /** When the checks ended. */
  at: Date;
}

/** Fetches every remote's manifest, entry and contract, checks them against the shell and each other, and prints the table. */
export async function runChecks(document: CompositionDocument): Promise<Checked> {
  const shell = await readShellFacts(shellManifestPath());
  const candidates = await gather(document);
  // Each release's modules still take what the shell and the composed remotes pass them, compiled
  // against its published types (here, never by the edge).
  const problems = [...checkComposition(candidates, shell), ...checkExposedTypes(candidates.map(asProvider), moduleUses(candidates.map(asConsumer)))];
  printTable(candidates, problems);
  const facts: Partial<Record<Remote, ReleaseFacts>> = {};
  for (const candidate of candidates) {
    if (candidate.manifest) facts[candidate.remote as Remote] = factsOf(candidate.manifest, candidate.contract);
  }
  return { ok: problems.length === 0, shell, facts, at: new Date() };
}

/**
 * What the shell serves while no composition is published: the working builds, named by the
 * versions their package.json files give now (a store started before a version was raised serves
 * the version it started with; the checks then refuse a build that is not there).
 */
export function servedWithoutComposition(): CompositionDocument {
  return localComposition(portsFromEnv(), process.env.PUBLIC_HOST ?? 'localhost');
}

export interface Base {
  live: LiveComposition | null;
  /** The revision the change is made on: the live one when the command read it (0: none yet). */
  basedOn: number;
  /** The composition the change starts from: the live one, or the working builds while there is none. */
  current: CompositionDocument;
}

/**
 * Reads the live revision before anything slow happens: the change is made on it, and refused
 * when publishing if another change went live meanwhile. `--base` states it: refused at once when
 * it is not the newest.
 */
export async function readBase(store: CompositionStore, baseOption: string | undefined): Promise<Base> {
  await store.upgrade();
  const live = await store.live();
  if (live && live.revision === null) throw new Error(`the live composition ${store.name} has no revision number; it could not be recorded as revisions`);
  const basedOn = live?.revision ?? 0;
  if (baseOption !== undefined) {
    if (!/^\d{1,9}$/.test(baseOption)) throw new UsageError(`--base must be a revision number, got "${baseOption}"`);
    const base = Number(baseOption);
    if (base !== basedOn) {
      const newest = basedOn > 0 ? await store.revision(basedOn) : null;
      if (newest && base < basedOn) throw new CompositionConflict(newest);
      throw new UsageError(`there is no revision ${base}: the newest is ${basedOn > 0 ? basedOn : 'none yet (--base 0)'}`);
    }
  }
  return { live, basedOn, current: live?.document ?? servedWithoutComposition() };
}

/** `catalog=1.4.0 cart=2.0.1` → each remote's version, refusing unknown remotes, versions and repeats. */
export function parseAssignments(assignments: readonly string[]): Map<Remote, string> {
  const chosen = new Map<Remote, string>();
  for (const assignment of assignments) {
    const match = /^([^=]+)=(.*)$/.exec(assignment);
    if (!match) throw new UsageError(`"${assignment}" is not <remote>=<version>, such as cart=2.0.1`);
    const [, name = '', version = ''] = match;
    const remote = remoteFromName(name);
    if (!remote) throw new UsageError(`unknown remote "${name}" (known: ${REMOTES.map(shortName).join(', ')})`);
    if (!VERSION_PATTERN.test(version)) throw new UsageError(`"${version}" is not a version such as 1.4.0`);
    if (chosen.has(remote)) throw new UsageError(`${shortName(remote)} is given twice`);
    chosen.set(remote, version);
  }
  return chosen;
}

/**
 * Where a composition's releases are to be served from: RELEASE_BASE_URL when the command is given
 * it (the environment moves there), else where the environment serves them from now. Each
 * `{remote}` and `{port}` is filled in per remote; the result must be an http(s) address.
 */
export function releaseBaseFor(current: CompositionDocument, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env.RELEASE_BASE_URL?.trim();
  if (!given) return current.releaseBase;
  let url: URL | null;
  try {
    url = new URL(given.replaceAll('{remote}', 'mfe-cart').replaceAll('{port}', '1'));
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new UsageError(`RELEASE_BASE_URL must be an http(s) address without a user, query or fragment, such as https://cdn.example.co.za/{remote}; got ${JSON.stringify(given)}`);
  }
  return given.replace(/\/+$/, '');
}

/**
 * The composition with these versions, each served from the release base (releaseBaseFor). When
 * the base moves, the releases the composition served from the old one move with it; anything
 * else it serves (the working builds) stays where it is.
 */
export function withAssignments(current: CompositionDocument, chosen: ReadonlyMap<Remote, string>): CompositionDocument {
  const ports = portsFromEnv();
  const base = releaseBaseFor(current);
  const next: CompositionDocument = { ...current, remotes: { ...current.remotes }, ...(base ? { releaseBase: base } : {}) };
  if (base !== current.releaseBase) {
    for (const remote of REMOTES) {
      const entry = current.remotes[remote];
      if (entry && entry.manifest === releaseManifestUrl(remote, entry.version, ports, current.releaseBase ?? defaultReleaseBase())) {
        next.remotes[remote] = { version: entry.version, manifest: releaseManifestUrl(remote, entry.version, ports, base) };
      }
    }
  }
  for (const [remote, version] of chosen) next.remotes[remote] = { version, manifest: releaseManifestUrl(remote, version, ports, base ?? defaultReleaseBase()) };
  return next;
}

export function printVersions(document: CompositionDocument) {
  console.table(REMOTES.filter((remote) => document.remotes[remote]).map((remote) => ({ remote, version: document.remotes[remote]?.version })));
}

