/**
 * The rules a composition must pass before it goes live, and a release before it may be
 * previewed or fallen back to. Pure, but for reading the shell's facts: the compose command
 * fetches manifests and contracts, the edge reads the release store and the revisions' records,
 * and this decides. Each problem names the remote, the rule, and how to fix it.
 */
import { promises as fs } from 'node:fs';
import { satisfy } from '@module-federation/enhanced/runtime';
import type { ReleaseFacts } from '@storefront/release-state';
import { REMOTE_MODULES } from 'shell/remote-modules';

export interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}

/** The parts of an mf-manifest.json the rules read. */
export interface Manifest {
  metaData: {
    name: string;
    buildInfo: { buildVersion: string; buildName?: string };
    remoteEntry: { name: string; path: string };
    publicPath?: string;
    /** The @module-federation/enhanced version it was built with. */
    pluginVersion?: string;
  };
  shared: ManifestShared[];
  exposes: { name: string; path?: string }[];
}

/** What a release says it adds to the one store: slice names and api endpoint names. */
export interface Contract {
  name: string;
  version: string;
  exposes: string[];
  slices: string[];
  endpoints: string[];
  shared: Record<string, { version: string; requiredVersion?: string }>;
  /**
   * The props each exposed module takes, written out as a type (scripts/lib/exposedProps.ts): the
   * release command adds them; a working build's contract has none.
   */
  exposedProps?: Record<string, string>;
  /**
   * What the release's pages pass the modules of other remotes they embed ("mfe-cart/AddToCart" →
   * props, written out): the release command records them, so that checks hold a live consumer to
   * what its build passes.
   */
  uses?: Record<string, string>;
  /** Where beside the manifest the release publishes its exposed modules' type declarations (the release command writes them). */
  types?: string;
}

/**
 * What the rules read of one remote's release, from its manifest and contract: kept with each
 * revision of the composition, so that a fallback, a preview or a diff can be judged without
 * fetching the release again.
 */
export type { ReleaseFacts };

export function factsOf(manifest: Manifest, contract: Contract | null): ReleaseFacts {
  return {
    singletons: manifest.shared
      .filter((shared) => shared.singleton)
      .map(({ name, version, requiredVersion }) => ({ name, version, ...(requiredVersion ? { requiredVersion } : {}) })),
    exposes: manifest.exposes.map((expose) => expose.name.replace(/^\.\//, '')),
    ...(manifest.metaData.pluginVersion ? { pluginVersion: manifest.metaData.pluginVersion } : {}),
    slices: contract?.slices ?? [],
    endpoints: contract?.endpoints ?? [],
  };
}

export interface RemoteCandidate {
  remote: string;
  version: string;
  manifestUrl: string;
  /** HTTP status of the manifest, or the network error. */
  manifestStatus: number | string;
  manifest: Manifest | null;
  remoteEntryUrl: string | null;
  remoteEntryStatus: number | string | null;
  contract: Contract | null;
  /** The type declarations it publishes of its exposed modules, when it does. */
  declarations?: string | null;
}

export interface ShellFacts {
  /** Versions of the singletons the shell bundles (it loads first, so its copies are the ones used). */
  shared: Record<string, string>;
  /** Modules the shell loads from each remote. */
  requiredModules: Record<string, readonly string[]>;
  /** The federation runtime the shell provides to the remotes (its manifest's pluginVersion). */
  federationRuntime?: string;
}

export type Rule =
  | 'manifest-answers'
  | 'remote-entry-answers'
  | 'build-version'
  | 'exposes'
  | 'singleton-version'
  | 'federation-runtime'
  | 'contract'
  | 'unique-injections'
  | 'exposed-props'
  | 'served-where-built';

export interface Problem {
  remote: string;
  rule: Rule;
  message: string;
  fix: string;
}

/** React and react-dom must be the very same version everywhere: two patch levels are two Reacts to debug. */
const EXACT = /^(react|react-dom)(\/|$)/;
const SHARED_PACKAGE = /^@storefront\/shared(\/|$)/;

function major(version: string): string {
  return version.replace(/^[^\d]*/, '').split('.')[0] ?? '';
}

function checkReachable(candidate: RemoteCandidate): Problem[] {
  const problems: Problem[] = [];
  if (candidate.manifestStatus !== 200) {
    problems.push({
      remote: candidate.remote,
      rule: 'manifest-answers',
      message: `${candidate.manifestUrl} answered ${candidate.manifestStatus}`,
      fix: `publish ${candidate.remote}@${candidate.version} (npm run release -w ${candidate.remote}) and check its server, or choose a version that exists (npm run compose -- list)`,
    });
    return problems;
  }
  if (candidate.remoteEntryStatus !== 200) {
    problems.push({
      remote: candidate.remote,
      rule: 'remote-entry-answers',
      message: `${candidate.remoteEntryUrl ?? 'the remote entry'} answered ${candidate.remoteEntryStatus ?? 'nothing'}`,
      fix: `the release folder of ${candidate.remote}@${candidate.version} is incomplete: publish it again from a clean build`,
    });
  }
  return problems;
}

function checkBuildVersion(remote: string, version: string, manifest: Manifest): Problem[] {
  const built = manifest.metaData.buildInfo.buildVersion;
  if (built === version) return [];
  return [
    {
      remote,
      rule: 'build-version',
      message: `the manifest was built as ${built}, the composition chose ${version}`,
      fix: `point ${remote} at the folder of ${version}, or choose ${built}`,
    },
  ];
}

/**
 * A release is built once and loads its files from beside its manifest, wherever the composition
 * serves it from. One built before that (an absolute public path in its manifest) loads them from
 * where it was built: it may be composed from there only.
 */
function checkServedWhereBuilt(candidate: RemoteCandidate): Problem[] {
  const publicPath = candidate.manifest?.metaData.publicPath;
  if (!publicPath || publicPath === 'auto' || !/^https?:\/\//i.test(publicPath)) return [];
  let servedFrom: string;
  try {
    servedFrom = new URL('.', candidate.manifestUrl).toString();
  } catch {
    return [];
  }
  if (new URL(publicPath).toString() === servedFrom) return [];
  return [
    {
      remote: candidate.remote,
      rule: 'served-where-built',
      message: `${candidate.remote}@${candidate.version} was built to load its files from ${publicPath} (a release made before releases were built once), and this composition serves it from ${servedFrom}`,
      fix: `compose it where it was built (RELEASE_BASE_URL), or release a new version of it, which is served from anywhere`,
    },
  ];
}

/**
 * Whether one release fits the shell that will load it: it exposes every module the shell loads
 * from it, was built with the federation runtime the shell provides, and every singleton it
 * shares is one the shell provides in a version it accepts.
 */
export function checkFacts(remote: string, version: string, facts: ReleaseFacts, shell: ShellFacts): Problem[] {
  const problems: Problem[] = [];
  const exposed = new Set(facts.exposes);
  const missing = (shell.requiredModules[remote] ?? []).filter((module) => !exposed.has(module));
  if (missing.length > 0) {
    problems.push({
      remote,
      rule: 'exposes',
      message: `the shell needs ${missing.join(', ')}, which ${remote}@${version} does not expose`,
      fix: `choose a version of ${remote} that exposes them, or release the shell that no longer needs them first`,
    });
  }

  // Remotes are built with externalRuntime: they run on the runtime the shell provides, whose
  // internals their entries call, so both must come from the same release of the plugin.
  const remoteRuntime = facts.pluginVersion;
  if (shell.federationRuntime && remoteRuntime && remoteRuntime !== shell.federationRuntime) {
    problems.push({
      remote,
      rule: 'federation-runtime',
      message: `${remote}@${version} was built with @module-federation/enhanced ${remoteRuntime}, the shell provides the runtime of ${shell.federationRuntime}`,
      fix: `rebuild ${remote} with @module-federation/enhanced ${shell.federationRuntime}, or release the shell with ${remoteRuntime} first`,
    });
  }

  for (const shared of facts.singletons) {
    const hostVersion = shell.shared[shared.name];
    if (hostVersion === undefined) {
      // Nobody else provides it, so the remote would run its own copy: a second router or store
      // that the rest of the page cannot see.
      problems.push({
        remote,
        rule: 'singleton-version',
        message: `${shared.name}: ${remote} shares it as a singleton, but the shell does not provide it, so ${remote} would run a copy of its own`,
        fix: `release ${remote} against the shell's @storefront/shared${shell.shared['@storefront/shared'] ? ` ${shell.shared['@storefront/shared']}` : ''}, which publishes what it used ${shared.name} for`,
      });
      continue;
    }
    if (EXACT.test(shared.name)) {
      if (hostVersion !== shared.version) {
        problems.push({
          remote,
          rule: 'singleton-version',
          message: `${shared.name}: the shell has ${hostVersion}, ${remote} was built with ${shared.version}; React must be exactly equal`,
          fix: `rebuild ${remote} against ${shared.name}@${hostVersion} (or move the shell to ${shared.version})`,
        });
      }
    } else if (SHARED_PACKAGE.test(shared.name)) {
      if (major(hostVersion) !== major(shared.version)) {
        problems.push({
          remote,
          rule: 'singleton-version',
          message: `${shared.name}: the shell has ${hostVersion}, ${remote} needs major ${major(shared.version)}`,
          fix: `release ${remote} against @storefront/shared ${major(hostVersion)}.x`,
        });
      } else if (shared.requiredVersion && !satisfy(hostVersion, shared.requiredVersion)) {
        problems.push({
          remote,
          rule: 'singleton-version',
          message: `${shared.name}: the shell has ${hostVersion}, ${remote} requires ${shared.requiredVersion} (it uses exports added since)`,
          fix: `release the shell with @storefront/shared ${shared.requiredVersion} first, or choose an older ${remote}`,
        });
      }
    } else if (shared.requiredVersion && !satisfy(hostVersion, shared.requiredVersion)) {
      problems.push({
        remote,
        rule: 'singleton-version',
        message: `${shared.name}: the shell has ${hostVersion}, ${remote} requires ${shared.requiredVersion}`,
        fix: `rebuild ${remote} with a range that accepts ${hostVersion}, or upgrade the shell`,
      });
    }
  }
  return problems;
}

/** One remote's release as the injection rule sees it: its slices and endpoints, when it has a contract. */
export interface Injector {
  remote: string;
  slices: readonly string[];
  endpoints: readonly string[];
}

/** Slices and endpoints are names in one shared store: two remotes injecting one name would overwrite each other. */
export function checkInjections(injectors: readonly Injector[]): Problem[] {
  const problems: Problem[] = [];
  const owners = new Map<string, string>();
  for (const injector of injectors) {
    for (const [kind, names] of [
      ['slice', injector.slices],
      ['endpoint', injector.endpoints],
    ] as const) {
      for (const name of names) {
        const key = `${kind}:${name}`;
        const owner = owners.get(key);
        if (owner && owner !== injector.remote) {
          problems.push({
            remote: injector.remote,
            rule: 'unique-injections',
            message: `${kind} "${name}" is injected by both ${owner} and ${injector.remote}`,
            fix: `rename it in one of them (endpoint names are global in the shared api slice)`,
          });
        } else {
          owners.set(key, injector.remote);
        }
      }
    }
  }
  return problems;
}

/** A release published without the release command has no contract: what it injects is unknown. */
function checkContract(candidate: RemoteCandidate): Problem[] {
  if (candidate.contract || !candidate.manifest) return [];
  return [
    {
      remote: candidate.remote,
      rule: 'contract',
      message: `no contract.json beside the manifest of ${candidate.remote}@${candidate.version}`,
      fix: `publish releases with npm run release -w ${candidate.remote}, which writes the contract`,
    },
  ];
}

export function checkComposition(candidates: readonly RemoteCandidate[], shell: ShellFacts): Problem[] {
  const problems: Problem[] = [];
  for (const candidate of candidates) {
    problems.push(...checkReachable(candidate));
    if (candidate.manifest) {
      problems.push(...checkBuildVersion(candidate.remote, candidate.version, candidate.manifest));
      problems.push(...checkServedWhereBuilt(candidate));
      problems.push(...checkFacts(candidate.remote, candidate.version, factsOf(candidate.manifest, candidate.contract), shell));
    }
  }
  const missingRemotes = Object.keys(shell.requiredModules).filter((remote) => !candidates.some((candidate) => candidate.remote === remote));
  for (const remote of missingRemotes) {
    problems.push({
      remote,
      rule: 'exposes',
      message: `the composition has no ${remote}, and the shell loads ${(shell.requiredModules[remote] ?? []).join(', ')} from it`,
      fix: `add ${remote} to the composition (npm run compose -- set ${remote}=<version>)`,
    });
  }
  for (const candidate of candidates) problems.push(...checkContract(candidate));
  problems.push(...checkInjections(candidates.flatMap((candidate) => (candidate.contract ? [{ remote: candidate.remote, slices: candidate.contract.slices, endpoints: candidate.contract.endpoints }] : []))));
  return problems;
}

/**
 * A release as it sits in the release store, judged alone against the shell and beside the other
 * remotes it would be served with (their facts as recorded): for a preview, and for the release
 * command's "could it go live?". `others` are the rest of the composition it would join.
 */
export function checkRelease(
  release: { remote: string; version: string; manifest: Manifest; contract: Contract | null; entryPresent: boolean },
  shell: ShellFacts,
  others: readonly Injector[],
): Problem[] {
  const { remote, version, manifest, contract } = release;
  const candidate: RemoteCandidate = {
    remote,
    version,
    manifestUrl: `${remote}@${version}`,
    manifestStatus: 200,
    manifest,
    remoteEntryUrl: manifest.metaData.remoteEntry.name,
    remoteEntryStatus: release.entryPresent ? 200 : 'missing',
    contract,
  };
  const own = contract ? [{ remote, slices: contract.slices, endpoints: contract.endpoints }] : [];
  return [
    ...checkReachable(candidate),
    ...checkBuildVersion(remote, version, manifest),
    ...checkFacts(remote, version, factsOf(manifest, contract), shell),
    ...checkContract(candidate),
    // Its own injections last, so a clash is reported against it, the newcomer.
    ...checkInjections([...others.filter((other) => other.remote !== remote), ...own]),
  ];
}

/**
 * The shell that loads the composition: the singletons it bundles (from its manifest, the shell
 * build this edge or compose command goes with) and the modules it loads from each remote.
 */
export async function readShellFacts(manifestPath: string): Promise<ShellFacts> {
  const text = await fs.readFile(manifestPath, 'utf8').catch(() => {
    throw new Error(`the shell's manifest is missing at ${manifestPath}: build the shell (npm run build -w shell) or set SHELL_MANIFEST`);
  });
  const manifest = JSON.parse(text) as Manifest;
  return {
    shared: Object.fromEntries(manifest.shared.map((shared) => [shared.name, shared.version])),
    requiredModules: REMOTE_MODULES,
    ...(manifest.metaData.pluginVersion ? { federationRuntime: manifest.metaData.pluginVersion } : {}),
  };
}
