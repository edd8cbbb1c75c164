import { nextTask } from './nextTask';

describe('nextTask', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('resumes in a later task: work already queued as a task runs first', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const resumed = nextTask().then(() => order.push('resumed'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await resumed;
    expect(order).toEqual(['queued task', 'resumed']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldToBrowser = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldToBrowser };
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });
});
