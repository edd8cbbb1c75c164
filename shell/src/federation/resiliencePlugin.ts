import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { noteRemote } from '../telemetry/pageHealth';
import { federationName, REMOTES, type Composition, type RemoteEntry, type RemoteName } from './composition';

/** Each try of a remote entry gives up after this long instead of hanging. */
export const LOAD_TIMEOUT_MS = 5000;
/** Retries after the first failure, and the waits before them. */
export const RETRY_DELAYS_MS = [300, 900] as const;

type LoadEntryErrorResult = ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function remoteOfFederationName(name: string): RemoteName | undefined {
  return REMOTES.find((remote) => federationName(remote) === name);
}

/**
 * Keeps a failing remote from taking the page with it. The browser
 * fetches no manifest (the shell's server reads them, registration.ts), so what can fail is a
 * remote entry or a module's chunks:
 * - remote entries load with a time limit (a hung server fails instead of waiting forever), and
 *   a failed entry is fetched again with backoff;
 * - when a remote still cannot load, its known-good version (`lastKnownGood`: its version in the
 *   newest known-good revision that fits this shell) is tried once; if that fails too the error
 *   reaches the region's error boundary.
 * Each failed load of an entry, each retry and each fallback is counted for the page view's health
 * report (telemetry/pageHealth.ts).
 */
export function resiliencePlugin(
  composition: Composition,
  switchedTo: (remote: RemoteName, entry: RemoteEntry) => void = () => undefined,
): ModuleFederationRuntimePlugin {
  // Several regions of one remote fail together: the remote is switched once, each module retried once.
  const switched = new Set<RemoteName>();
  const retried = new Set<string>();
  return {
    name: 'storefront-resilience',
    createScript() {
      return { timeout: LOAD_TIMEOUT_MS };
    },
    afterLoadEntry({ remoteInfo, error }) {
      // Said once for every failed load, the retries' included, whether or not a retry then recovered it.
      const remote = remoteOfFederationName(remoteInfo.name);
      if (error !== undefined && remote) noteRemote(remote, 'loadFailures');
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      const remote = remoteOfFederationName(remoteInfo.name);
      const retry = async () => {
        for (const delay of RETRY_DELAYS_MS) {
          await wait(delay);
          if (remote) noteRemote(remote, 'retries');
          // The failed attempt is cached under this key; forget it so the entry is really fetched again.
          delete globalLoading[uniqueKey];
          try {
            const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (entry) return entry;
          } catch {
            // the next try, or errorLoadRemote below
          }
        }
        return undefined;
      };
      // The hook's declared type nests a promise the runtime simply awaits.
      return retry() as unknown as LoadEntryErrorResult;
    },
    async errorLoadRemote({ id, error, origin, lifecycle }) {
      // Only a module's load is answered with a module. At the other stages the runtime wants
      // something else back (request arguments, a manifest, a remote entry's exports), and nothing
      // lets it go on as before.
      if (lifecycle !== 'onLoad') return undefined;
      const remote = remoteOfFederationName(String(id).split('/')[0] ?? '');
      const fallback = remote ? composition.lastKnownGood[remote] : undefined;
      if (!remote || !fallback || retried.has(String(id))) return undefined;
      retried.add(String(id));
      if (!switched.has(remote)) {
        switched.add(remote);
        console.warn(`[shell] ${remote} ${composition.remotes[remote]?.version ?? 'unknown'} could not load; falling back to its last known good version ${fallback.version}`, error);
        origin.registerRemotes([{ name: federationName(remote), entry: fallback.entry }], { force: true });
        noteRemote(remote, 'fallback');
        switchedTo(remote, fallback);
      }
      return origin.loadRemote(String(id));
    },
  };
}
