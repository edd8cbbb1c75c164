/**
 * The compose command run in the test's own process, as scripts/compose.ts runs it, with the
 * environment it is given: what it printed is kept apart for each run, and the exit code it
 * would end with is returned. A program's start costs more than most commands.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import { reportComposeError, runCompose } from '../composeCommand';

export interface Run {
  code: number;
  output: string;
}

/** The lines each in-process run printed, kept apart for runs side by side. */
const printed = new AsyncLocalStorage<string[]>();
/** The environment of the runs in progress: runs side by side share process.env, so they must share it. */
let running: { env: NodeJS.ProcessEnv; count: number; before: NodeJS.ProcessEnv } | null = null;

/** One compose command in this process, as scripts/compose.ts runs it: the exit code it would end with, and what it printed. */
async function compose(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  if (running && running.env !== env) throw new Error('compose runs side by side must share one environment: they share process.env');
  running ??= { env, count: 0, before: process.env };
  running.count += 1;
  process.env = env;
  const lines: string[] = [];
  try {
    const ok = await printed.run(lines, async () => {
      try {
        return await runCompose(args);
      } catch (error) {
        reportComposeError(error);
        return false;
      }
    });
    return { code: ok ? 0 : 1, output: lines.map((line) => `${line}\n`).join('') };
  } finally {
    running.count -= 1;
    if (running.count === 0) {
      process.env = running.before;
      running = null;
    }
  }
}

/**
 * The compose command for the tests of the file that calls this, at its top level: the file's
 * beforeAll has console.log and console.error keep what a run prints, and its afterAll restores them.
 */
export function composeInProcess(): typeof compose {
  beforeAll(() => {
    for (const stream of ['log', 'error'] as const) {
      const original = console[stream].bind(console);
      jest.spyOn(console, stream).mockImplementation((...parts: unknown[]) => {
        const lines = printed.getStore();
        if (lines) lines.push(format(...parts));
        else original(...parts);
      });
    }
  });

  afterAll(() => jest.restoreAllMocks());

  return compose;
}
