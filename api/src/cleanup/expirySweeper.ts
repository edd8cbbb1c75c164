import type { FastifyBaseLogger } from 'fastify';

/** One kind of data the sweep deletes; `run` answers how many rows it deleted. */
export interface ExpiryTask {
  kind: string;
  run(): Promise<number>;
}

/**
 * Deletes what stops mattering (expireData.ts) every `intervalMs`, in this process. Several
 * processes on one database sweep it side by side: each batch skips rows another has locked.
 * The timer does not keep the process alive, and `close` waits for a sweep under way.
 *
 * A run that deleted something logs one info line with the count of each kind; a quiet run logs
 * nothing. One kind failing is logged and does not stop the others.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  private readonly tasks: ExpiryTask[];

  constructor(
    tasks: readonly ExpiryTask[],
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.tasks = [...tasks];
  }

  /** Another kind to delete, from the module that owns its data. */
  add(task: ExpiryTask): void {
    this.tasks.push(task);
  }

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.timer.unref();
  }

  /** One sweep now (tests call it); a sweep already under way is joined, not doubled. */
  sweep(): Promise<void> {
    this.running ??= this.runTasks().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async runTasks(): Promise<void> {
    const outcomes = await Promise.allSettled(this.tasks.map((task) => task.run()));
    const deleted: Record<string, number> = {};
    outcomes.forEach((outcome, index) => {
      const kind = (this.tasks[index] as ExpiryTask).kind;
      if (outcome.status === 'rejected') this.log.error({ err: outcome.reason as unknown, kind }, `deleting expired ${kind} failed`);
      else if (outcome.value > 0) deleted[kind] = outcome.value;
    });
    if (Object.keys(deleted).length > 0) this.log.info({ deleted }, 'deleted expired data');
  }
}
