import type { HashingLimits } from '../limits';
import { ApiFailure, apiError } from '../schemas/errors';
import { hashPassword, OWASP_SCRYPT_COST, unknownAccountHash, verifyPassword, type ScryptCost } from './passwords';

/**
 * Every password hash the api computes, through one bounded queue. scrypt at OWASP's cost takes
 * 128 MiB and ~350 ms a call: without a bound, a burst of sign-ins or resets piles up hashes in
 * the thread pool and the heap grows with them while every real shopper waits behind the burst.
 * Here at most `concurrency` hashes run at once and `maxWaiting` wait; one more is refused at
 * once with a 503 and Retry-After (an ApiFailure, which the error handler sends as it is), so
 * memory stays at about `concurrency` × 128 MiB and a waiting shopper's delay is bounded too.
 *
 * Routes reach scrypt only through this class (register, sign-in, reset); passwords.ts is its
 * engine.
 */
export class PasswordHashing {
  private readonly queue: BoundedQueue;
  private unknownAccount: Promise<string> | undefined;

  constructor(
    limits: HashingLimits,
    private readonly cost: ScryptCost = OWASP_SCRYPT_COST,
  ) {
    this.queue = new BoundedQueue(limits);
  }

  /** Hashes begun since the app started: tests count them to prove work was or was not done. */
  get started(): number {
    return this.queue.started;
  }

  hash(password: string): Promise<string> {
    return this.queue.run(() => hashPassword(password, this.cost));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.queue.run(() => verifyPassword(password, stored));
  }

  /** An unknown email takes the time of a real check (passwords.ts), in the same queue. */
  verifyAgainstNothing(password: string): Promise<false> {
    return this.queue.run(async (): Promise<false> => {
      this.unknownAccount ??= unknownAccountHash(this.cost);
      await verifyPassword(password, await this.unknownAccount);
      return false;
    });
  }
}

/**
 * At most `concurrency` tasks at once, at most `maxWaiting` waiting, first come first served;
 * a task past that is refused at once (503 busy, Retry-After `retryAfterSeconds`).
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Tasks begun so far. */
  started = 0;

  constructor(private readonly limits: HashingLimits) {}

  /** How many tasks are running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.limits.maxWaiting) throw busy(this.limits.retryAfterSeconds);
      // The task that finishes hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.started += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export function isHashingBusy(error: unknown): boolean {
  return error instanceof ApiFailure && error.statusCode === 503 && error.body.error === 'busy';
}

function busy(retryAfterSeconds: number): ApiFailure {
  return new ApiFailure(503, apiError('busy', 'We are very busy right now. Please try again in a moment.'), {
    'Retry-After': String(retryAfterSeconds),
  });
}
