import { ApiFailure } from '../schemas/errors';
import { BoundedQueue, isHashingBusy, PasswordHashing } from './hashQueue';

/** A task that finishes when the test says so. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, task: () => opened };
}

describe('the bounded hashing queue', () => {
  it('runs at most `concurrency` tasks, queues `maxWaiting`, and refuses the next with 503 busy and Retry-After', async () => {
    const queue = new BoundedQueue({ concurrency: 2, maxWaiting: 1, retryAfterSeconds: 3 });
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g) => queue.run(g.task));
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    expect(queue.started).toBe(2);

    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect(isHashingBusy(refused)).toBe(true);
    expect(refused).toMatchObject({ statusCode: 503, body: { error: 'busy' }, headers: { 'Retry-After': '3' } });
    expect(queue.started).toBe(2);

    gates[0]?.open();
    await runs[0];
    // The finished task's slot went to the waiting one.
    expect(queue.load).toEqual({ running: 2, waiting: 0 });
    expect(queue.started).toBe(3);
    gates[1]?.open();
    gates[2]?.open();
    await Promise.all(runs);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 1 });
    await expect(queue.run(() => Promise.reject(new Error('scrypt broke')))).rejects.toThrow('scrypt broke');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('serves waiting tasks first come, first served', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 3, retryAfterSeconds: 1 });
    const order: number[] = [];
    const first = gate();
    const runs = [queue.run(first.task), ...[1, 2, 3].map((n) => queue.run(async () => void order.push(n)))];
    first.open();
    await Promise.all(runs);
    expect(order).toEqual([1, 2, 3]);
  });

  it('hashes and verifies passwords through the queue, counting each hash begun', async () => {
    const hashing = new PasswordHashing({ concurrency: 1, maxWaiting: 4, retryAfterSeconds: 1 });
    const stored = await hashing.hash('correct horse battery');
    expect(await hashing.verify('correct horse battery', stored)).toBe(true);
    expect(await hashing.verify('wrong', stored)).toBe(false);
    expect(hashing.started).toBe(3);
  }, 30_000);
});
