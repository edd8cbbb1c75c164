/**
 * What `npm test` runs (scripts/test.ts), stage by stage: each stage's steps run side by side,
 * and a stage starts once the one before it has passed.
 *
 * The machine the suite runs on has two cores, and a browser spec alone leaves much of them idle
 * (waiting for a page, a timeout, the network going quiet), so the browser specs run in two
 * browsers at once. The specs that change what the whole store serves (the live composition),
 * and those that time a shopper's wait on the real clock, run afterwards, one at a time
 * (e2e/alone.ts).
 */
import { ALONE_SPECS } from '../../e2e/alone';

export interface Step {
  label: string;
  /** The program and its arguments, run in the repository's root. */
  command: readonly string[];
}

export interface Stage {
  name: string;
  steps: readonly Step[];
}

/** The stages `npm test` can be asked for by name; without a name it runs them all, in this order. */
export const STAGE_NAMES = ['checks', 'jest', 'e2e'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** How many browser specs run at once: one browser a core. */
export const BROWSER_WORKERS = 2;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A jest path pattern for the spec files named, or (with `except`) for every spec but them. */
export function specPattern(names: readonly string[], except = false): string {
  const alternatives = `(${names.map(escapeRegExp).join('|')})`;
  return except ? `/e2e/specs/(?!${alternatives}$)[^/]+\\.spec\\.ts$` : `/e2e/specs/${alternatives}$`;
}

export function testStages(names: readonly StageName[], jest: string): Stage[] {
  const npm = (...args: string[]) => ['npm', 'run', '--silent', ...args];
  const all: Record<StageName, Stage[]> = {
    checks: [
      {
        name: 'typecheck and lint',
        steps: [
          { label: 'typecheck', command: npm('typecheck') },
          { label: 'lint', command: npm('lint') },
        ],
      },
    ],
    jest: [{ name: 'unit, api and component tests', steps: [{ label: 'jest', command: npm('test:jest') }] }],
    e2e: [
      {
        name: `browser tests, ${BROWSER_WORKERS} at a time`,
        steps: [{ label: 'e2e', command: [process.execPath, jest, '--selectProjects', 'e2e', `--maxWorkers=${BROWSER_WORKERS}`, '--testPathPatterns', specPattern(ALONE_SPECS, true)] }],
      },
      {
        name: 'browser tests that run alone, one at a time',
        steps: [{ label: 'e2e alone', command: [process.execPath, jest, '--selectProjects', 'e2e', '--runInBand', '--testPathPatterns', specPattern(ALONE_SPECS)] }],
      },
    ],
  };
  return names.flatMap((name) => all[name]);
}
