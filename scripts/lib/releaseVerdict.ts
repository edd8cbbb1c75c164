/**
 * "Could this release go live?": a release just built (its folder on disk, before it is put in
 * the release store) judged against the shell and the rest of the live composition, so that a
 * team learns of a problem when it releases, not when a release manager composes.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { checkRelease, factsOf, type Contract, type Injector, type Manifest, type Problem, type ShellFacts } from '@storefront/edge/composition-rules';
import { shortName, type CompositionDocument, type CompositionStore } from '@storefront/release-state';
import { ROOT, type Remote } from '@storefront/edge/packages';
import { asConsumer, asProvider, checkExposedTypes, declarationsOf, embeddedUsesOf, exposedPropsOf, moduleUses, type ReadRelease } from './exposedProps';
import { REMOTE_MODULES } from 'shell/remote-modules';
import { fetchContract, fetchDeclarations } from './gatherReleases';

export interface ReleaseVerdict {
  remote: Remote;
  version: string;
  couldGoLive: boolean;
  problems: Problem[];
  /** What the release was judged beside: "live revision 14", or what is served while there is none. */
  beside: string;
  /** The other remotes whose injections could not be read, and why: the release was not checked against them. */
  notChecked: { remote: Remote; why: string }[];
  /** The verdict as the release command prints it. */
  lines: string[];
}

export interface ReleaseToJudge {
  remote: Remote;
  version: string;
  /** The release's folder: its mf-manifest.json, entry and contract.json. */
  folder: string;
  shell: ShellFacts;
  store: CompositionStore;
  /** What is served while no composition is published (the working builds). */
  servedBefore: () => CompositionDocument;
}

async function readJson<T>(file: string): Promise<T | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Another remote of the composition the release is judged beside, as its release answered. */
interface Other {
  remote: Remote;
  version: string;
  contract: Contract | null;
  declarations: string | null;
}

/**
 * The other remotes' slices and endpoints: as the live revision recorded them when it passed the
 * checks; for a remote it has no record of (or when nothing is composed yet, or the live file is
 * from before revisions), its contract read over HTTP beside its manifest. And each one's contract
 * and published types, which its props are checked with.
 */
async function otherRemotes(release: Pick<ReleaseToJudge, 'remote' | 'store' | 'servedBefore'>): Promise<{ injectors: Injector[]; notChecked: ReleaseVerdict['notChecked']; beside: string; others: Other[] }> {
  const live = await release.store.live();
  const revision = live?.revision ? await release.store.revision(live.revision) : null;
  const composition = revision?.composition ?? live?.document ?? release.servedBefore();
  const beside = revision ? `live revision ${revision.revision}` : live ? 'the live composition' : 'the working builds (nothing is composed yet)';
  const injectors: Injector[] = [];
  const notChecked: ReleaseVerdict['notChecked'] = [];
  const others: Other[] = [];
  await Promise.all(
    Object.entries(composition.remotes).map(async ([name, entry]) => {
      const remote = name as Remote;
      if (remote === release.remote) return;
      const { contract, status } = await fetchContract(entry.manifest);
      others.push({ remote, version: entry.version, contract, declarations: await fetchDeclarations(entry.manifest, contract) });
      const facts = revision?.facts[remote];
      if (facts) injectors.push({ remote, slices: facts.slices, endpoints: facts.endpoints });
      else if (contract) injectors.push({ remote, slices: contract.slices ?? [], endpoints: contract.endpoints ?? [] });
      else notChecked.push({ remote, why: `its contract beside ${entry.manifest} answered ${status}` });
    }),
  );
  const byRemote = (a: { remote: string }, b: { remote: string }) => a.remote.localeCompare(b.remote);
  return { injectors: injectors.sort(byRemote), notChecked: notChecked.sort(byRemote), beside, others: others.sort(byRemote) };
}

/**
 * The props problems a release brings to the composition it would join: its modules against what
 * the shell and the other remotes' live releases pass them, and what its own pages pass the
 * modules of others against those releases' published types. Problems already live are not its.
 */
function propsProblems(release: ReadRelease, others: readonly Other[]): Problem[] {
  const all = [release, ...others];
  return checkExposedTypes(all.map(asProvider), moduleUses(all.map(asConsumer)), release.remote === 'shell' ? 'the shell' : `${release.remote}@${release.version}`);
}

/**
 * A team's working copy against the live composition (or the working builds while nothing is
 * composed): what its pages pass the live releases' modules, compiled against their published
 * types, and for a remote, its modules against what the live consumers pass them. The team's own
 * test loop runs it first, so a misfit shows before a release is built.
 */
export async function judgeWorkingCopy(team: Remote | 'shell', store: CompositionStore, servedBefore: () => CompositionDocument): Promise<{ ok: boolean; lines: string[] }> {
  const { others, beside } = await otherRemotes({ remote: team as Remote, store, servedBefore });
  const dir = path.join(ROOT, team);
  const modules: readonly string[] = (REMOTE_MODULES as Record<string, readonly string[]>)[team] ?? [];
  const version = 'this checkout';
  const problems = propsProblems(
    {
      remote: team,
      version,
      contract: team === 'shell' ? null : { uses: embeddedUsesOf(dir) },
      declarations: modules.length > 0 ? declarationsOf(team, version, exposedPropsOf(dir, modules)) : null,
    },
    others,
  );
  const unread = others.filter((other) => !asProvider(other).types).map((other) => `${other.remote}@${other.version}`);
  const lines = problems.length === 0 ? [`✓ ${team} fits the published types of ${beside}${unread.length > 0 ? ` (none read of ${unread.join(', ')})` : ''}`] : [`✗ ${team} does not fit the published types of ${beside}:`, ...problems.flatMap((problem) => [`  ✗ [${problem.rule}] ${problem.message}`, `      fix: ${problem.fix}`])];
  return { ok: problems.length === 0, lines };
}

export async function judgeRelease(release: ReleaseToJudge): Promise<ReleaseVerdict> {
  const { remote, version, folder, shell } = release;
  const manifest = await readJson<Manifest>(path.join(folder, 'mf-manifest.json'));
  if (!manifest) throw new Error(`${path.join(folder, 'mf-manifest.json')} is missing or not JSON`);
  const contract = await readJson<Contract>(path.join(folder, 'contract.json'));
  const { remoteEntry } = manifest.metaData;
  const entryPresent = await fs
    .stat(path.join(folder, remoteEntry.path || '', remoteEntry.name))
    .then((stat) => stat.isFile())
    .catch(() => false);
  const { injectors, notChecked, beside, others } = await otherRemotes(release);
  const declarations = contract?.types ? await fs.readFile(path.join(folder, contract.types), 'utf8').catch(() => null) : null;
  const problems = [
    ...checkRelease({ remote, version, manifest, contract, entryPresent }, shell, injectors),
    // Its modules still take what is passed them, and it passes the live modules what they take
    // (compiled: the edge does not run this).
    ...propsProblems({ remote, version, contract, declarations }, others),
  ];
  const name = `${remote}@${version}`;
  const lines: string[] = [];
  if (problems.length === 0) {
    const shared = factsOf(manifest, contract)
      .singletons.map((singleton) => `${singleton.name} ${shell.shared[singleton.name] ?? '?'}`)
      .join(', ');
    const neighbours = injectors.map((injector) => shortName(injector.remote)).sort();
    lines.push(
      `✓ ${name} could go live: it exposes every module the shell loads from it, fits the shell's singletons (${shared || 'none shared'})` +
        `${shell.federationRuntime ? ` and federation runtime ${shell.federationRuntime}` : ''}` +
        `${neighbours.length > 0 ? `, and injects no slice or endpoint that ${neighbours.join(', ')} of ${beside} inject` : ''}`,
    );
  } else {
    lines.push(`✗ ${name} could not go live as things are (judged against the shell and ${beside}):`);
    for (const problem of problems) lines.push(`  ✗ [${problem.rule}] ${problem.message}`, `      fix: ${problem.fix}`);
  }
  for (const { remote: other, why } of notChecked) {
    lines.push(`  ! not checked for slice and endpoint clashes with ${other}: ${why}`);
  }
  return { remote, version, couldGoLive: problems.length === 0, problems, beside, notChecked, lines };
}
