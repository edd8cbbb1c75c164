/**
 * The remotes' server containers on this edge: which one a composed version's region is drawn with
 * (`serverRemoteOf`: named for its version, beside its manifest), each loaded once through the
 * shell's server bundle, loaded again when a working build was rebuilt in place, and dropped when
 * nothing uses it any longer (`ServerRemotes`). serverRender.ts draws pages with them.
 */
import { SERVER_ENTRY_PATH, serverContainerName } from '@storefront/shared/ssr/server-entry';
import type { RemoteServerBundle, ServerRemote, ShellServerBundle } from '@storefront/shared/ssr/contract';
import { isRemote, type CompositionEntry } from '@storefront/release-state';
import { VERSION_PATTERN } from './releaseStore';
import { withTimeout } from './withTimeout';

export type RemoteBundleLoader = (remote: string, composed: CompositionEntry) => Promise<RemoteServerBundle | null>;

/**
 * A composed remote version's server container: named for its version, at `server/remoteEntry.js`
 * beside the composed manifest, so on the origin the composition names and nowhere else. Null for
 * a name that is not one of our remotes, a version that is not a version, or a manifest that is
 * not an http(s) address.
 */
export function serverRemoteOf(remote: string, { version, manifest }: CompositionEntry): ServerRemote | null {
  if (!isRemote(remote) || !VERSION_PATTERN.test(version)) return null;
  let entry: URL;
  try {
    entry = new URL(SERVER_ENTRY_PATH, manifest);
  } catch {
    return null;
  }
  if (entry.protocol !== 'http:' && entry.protocol !== 'https:') return null;
  return { name: serverContainerName(remote, version), entry: entry.href };
}

export interface ServerRemotesOptions {
  /** How long a version that failed to load waits before it is tried again. */
  retryAfterMs?: number;
  /** How long a version may take to load before it counts as failed. */
  loadTimeoutMs?: number;
  /** How long a version the live composition does not name (a preview's) is kept after its last render. */
  idleMs?: number;
  /**
   * How often a server entry that may change (a working build's, rewritten in place; its origin
   * does not call it immutable) is asked again whether it did.
   */
  revalidateMs?: number;
  log?: (line: string) => void;
}

interface LoadedVersion {
  entry: string;
  bundle: Promise<RemoteServerBundle | null>;
  usedAt: number;
  failedAt: number | null;
  /** The entry's validator (ETag or Last-Modified) when its origin says it may change; null when immutable. */
  validator: string | null;
  checkedAt: number;
}

/** What identifies the entry's content, unless its origin says it never changes (a release). */
function validatorOf(answer: Response): string | null {
  if (/\bimmutable\b/.test(answer.headers.get('cache-control') ?? '')) return null;
  return answer.headers.get('etag') ?? answer.headers.get('last-modified') ?? '';
}

/**
 * The remotes' server containers in use on this edge, each version loaded once by the shell's
 * server bundle (`loadServerRemote`) and dropped (`dropServerRemote`) when the live composition
 * no longer names it and no preview has rendered with it for `idleMs`. A version without a server
 * container, or one that fails to load, renders in the browser only, and is tried again after
 * `retryAfterMs`.
 */
export class ServerRemotes {
  private readonly versions = new Map<string, LoadedVersion>();
  private readonly retryAfterMs: number;
  private readonly loadTimeoutMs: number;
  private readonly idleMs: number;
  private readonly revalidateMs: number;
  private readonly log: (line: string) => void;

  constructor(
    private readonly shell: Pick<ShellServerBundle, 'loadServerRemote' | 'dropServerRemote'>,
    { retryAfterMs = 30_000, loadTimeoutMs = 15_000, idleMs = 10 * 60_000, revalidateMs = 10_000, log = (line) => console.error(line) }: ServerRemotesOptions = {},
  ) {
    this.retryAfterMs = retryAfterMs;
    this.loadTimeoutMs = loadTimeoutMs;
    this.idleMs = idleMs;
    this.revalidateMs = revalidateMs;
    this.log = log;
  }

  /** The composed version's `./render`, or null: it has none, or it could not be loaded. */
  readonly bundle: RemoteBundleLoader = (remote, composed) => {
    const target = serverRemoteOf(remote, composed);
    if (!target) return Promise.resolve(null);
    const now = Date.now();
    let loaded = this.versions.get(target.name);
    if (loaded && (loaded.entry !== target.entry || (loaded.failedAt !== null && now - loaded.failedAt >= this.retryAfterMs))) {
      this.drop(target.name);
      loaded = undefined;
    }
    if (!loaded) {
      loaded = this.start(target);
    } else if (loaded.validator !== null && loaded.failedAt === null && now - loaded.checkedAt >= this.revalidateMs) {
      loaded.checkedAt = now;
      void this.revalidate(target, loaded);
    }
    loaded.usedAt = now;
    return loaded.bundle;
  };

  /** The versions loaded now, by container name. */
  loadedNames(): string[] {
    return [...this.versions.keys()];
  }

  /** Drops every version `live` does not name that has not rendered for `idleMs`. */
  retain(live: Iterable<ServerRemote>): void {
    const keep = new Set([...live].map((remote) => remote.name));
    const now = Date.now();
    for (const [name, loaded] of this.versions) {
      if (!keep.has(name) && now - loaded.usedAt >= this.idleMs) this.drop(name);
    }
  }

  /**
   * Loads the versions `live` names now, and every `everyMs` drops those it no longer names
   * (retain). Gives the function that stops it.
   */
  follow(live: () => Promise<Partial<Record<string, CompositionEntry>>>, everyMs = 60_000): { ready: Promise<void>; stop: () => void } {
    const composed = async () =>
      Object.entries(await live()).flatMap(([remote, entry]) => {
        if (!entry) return [];
        const target = serverRemoteOf(remote, entry);
        return target ? [{ remote, entry, target }] : [];
      });
    const ready = composed()
      .then((versions) => Promise.all(versions.map(({ remote, entry }) => this.bundle(remote, entry))))
      .then(() => undefined, () => undefined);
    const timer = setInterval(() => {
      composed().then(
        (versions) => this.retain(versions.map(({ target }) => target)),
        () => undefined,
      );
    }, everyMs);
    timer.unref();
    return { ready, stop: () => clearInterval(timer) };
  }

  /** Drops every version. */
  close(): void {
    for (const name of [...this.versions.keys()]) this.drop(name);
  }

  private start(target: ServerRemote): LoadedVersion {
    const now = Date.now();
    const loaded: LoadedVersion = { entry: target.entry, bundle: Promise.resolve(null), usedAt: now, failedAt: null, validator: null, checkedAt: now };
    loaded.bundle = this.load(target, loaded);
    this.versions.set(target.name, loaded);
    return loaded;
  }

  private drop(name: string): void {
    this.versions.delete(name);
    this.forget(name);
  }

  /** The runtime forgets the version (whatever of it was registered); this edge may still hold its record. */
  private forget(name: string): void {
    try {
      this.shell.dropServerRemote(name);
    } catch (error) {
      this.log(`[edge] dropping the server container ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The entry's head: whether it is there, and its validator. */
  private askEntry(target: ServerRemote): Promise<Response> {
    return fetch(target.entry, { method: 'HEAD', signal: AbortSignal.timeout(this.loadTimeoutMs) });
  }

  private async load(target: ServerRemote, loaded: LoadedVersion): Promise<RemoteServerBundle | null> {
    const failed = (reason: string) => {
      loaded.failedAt = Date.now();
      this.log(`[edge] ${reason}: its pages are rendered in the browser (tried again in ${Math.round(this.retryAfterMs / 1000)} s)`);
      this.forget(target.name);
      return null;
    };
    try {
      // Asked first, so that a version without one (or an origin that is away) says so plainly.
      const answer = await this.askEntry(target);
      if (answer.status === 404) return failed(`${target.entry} is not there (a version built without a server container)`);
      if (!answer.ok) return failed(`${target.entry} answered ${answer.status}`);
      loaded.validator = validatorOf(answer);
      const bundle = await withTimeout(this.shell.loadServerRemote(target), this.loadTimeoutMs);
      return bundle ?? failed(`${target.entry} took longer than ${this.loadTimeoutMs} ms to load`);
    } catch (error) {
      return failed(`the server container ${target.entry} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A working build rebuilt in place is loaded again once it has changed. */
  private async revalidate(target: ServerRemote, loaded: LoadedVersion): Promise<void> {
    try {
      const answer = await this.askEntry(target);
      if (!answer.ok || validatorOf(answer) === loaded.validator || this.versions.get(target.name) !== loaded) return;
      this.drop(target.name);
      this.start(target).usedAt = loaded.usedAt;
    } catch {
      // Asked again next time.
    }
  }
}
