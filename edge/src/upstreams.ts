/**
 * The api processes the edge spreads its /api requests and server renders over. With one there is
 * nothing to choose. With several (API_PROCESSES, on one PostgreSQL), each request goes to the next
 * in turn among those that answer: every few seconds each is asked GET /health, and one that does
 * not answer 200 in time (its process is gone, or it cannot reach the database) is passed over
 * until it does; one that refuses a connection is passed over at once, before its next check.
 * When none answers, all are tried in turn rather than none (a shopper gets the api's own 503).
 */
export interface UpstreamOptions {
  /** How often each api is asked GET /health; default 2000 ms. */
  checkIntervalMs?: number;
  /** How long a health check may take; default 1000 ms (the api's own /health deadline). */
  checkTimeoutMs?: number;
  /** Told when an api is passed over or taken back. */
  log?: (message: string) => void;
}

export class ApiUpstreams {
  readonly targets: readonly string[];
  private readonly down = new Set<string>();
  private turn = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly checkIntervalMs: number;
  private readonly checkTimeoutMs: number;
  private readonly log: (message: string) => void;

  constructor(targets: string | readonly string[], options: UpstreamOptions = {}) {
    this.targets = (typeof targets === 'string' ? [targets] : [...targets]).map((target) => target.replace(/\/+$/, ''));
    if (this.targets.length === 0) throw new Error('the edge needs at least one api address');
    const paths = new Set(this.targets.map((target) => new URL(target).pathname));
    if (paths.size > 1) throw new Error(`the api addresses must share one path, got ${this.targets.join(', ')}`);
    this.checkIntervalMs = options.checkIntervalMs ?? 2_000;
    this.checkTimeoutMs = options.checkTimeoutMs ?? 1_000;
    this.log = options.log ?? (() => undefined);
  }

  /** The api for the next request: the next in turn that answered its last check. */
  next(): string {
    const { targets } = this;
    for (let tried = 0; tried < targets.length; tried += 1) {
      const target = targets[this.turn++ % targets.length] as string;
      if (!this.down.has(target)) return target;
    }
    return targets[this.turn++ % targets.length] as string;
  }

  /** Whether `target` is being passed over now. */
  isDown(target: string): boolean {
    return this.down.has(target);
  }

  /** Passes over `target` until a health check says it is back (a refused connection, say). */
  markDown(target: string, why: string): void {
    if (this.targets.length === 1 || this.down.has(target)) return;
    this.down.add(target);
    this.log(`api ${target} passed over: ${why}`);
  }

  /** Starts the health checks; with a single api there is nothing to check. */
  start(): void {
    if (this.targets.length === 1 || this.timer) return;
    this.timer = setInterval(() => void this.checkAll(), this.checkIntervalMs);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Asks every api GET /health once; exposed so a test need not wait for the timer. */
  async checkAll(): Promise<void> {
    await Promise.all(
      this.targets.map(async (target) => {
        let healthy = false;
        let why: string;
        try {
          const response = await fetch(`${target}/health`, { signal: AbortSignal.timeout(this.checkTimeoutMs) });
          healthy = response.ok;
          why = `GET /health answered ${response.status}`;
          await response.body?.cancel();
        } catch (error) {
          why = `GET /health failed: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
        }
        if (healthy && this.down.delete(target)) this.log(`api ${target} is back`);
        if (!healthy) this.markDown(target, why);
      }),
    );
  }
}
