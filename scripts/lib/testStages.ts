/**
 * What `npm test` runs (scripts/test.ts), stage by stage: each stage's steps run side by side,
 * and a stage starts once the one before it has passed.
 *
 * The machine the suite runs on has two cores, and a browser spec alone leaves much of them idle
 * (waiting for a page, a timeout, the network going quiet), so the browser specs run in two
 * browsers at once. Beside them, on a second store of their own, the specs that change what a
 * whole store serves (the live composition, the catalogue) run one at a time: run alone, they
 * left the cores idle much of the time (waiting for a release to be judged known good, for a
 * canary's judgement), and beside the others they use what those leave idle. The specs that time
 * a shopper's wait on the real clock run afterwards, alone, one at a time
 * (scripts/lib/aloneSpecs.ts). The store is built first, once, in a stage of its own: every
 * browser step's store serves that build (E2E_BUILT), and its time is told apart from theirs.
 *
 * Those last specs leave the cores idle about half the time (they wait on the real clock), so in
 * the whole suite typecheck and lint run beside them, at the lowest priority: they take only
 * what the specs leave, and a spec's wait is timed as before. Asked for alone (`npm test -- checks`),
 * or without the browser tests, they run first, in a stage of their own.
 */
import path from 'node:path';
import { ALONE_SPECS, OWN_STORE_SPECS } from './aloneSpecs';

export interface Step {
  label: string;
  /** The program and its arguments, run in the repository's root. */
  command: readonly string[];
  /** Set in its environment, beside what `npm test` was given. */
  env?: Readonly<Record<string, string>>;
  /** Run at the lowest priority (nice 19): it gets only the cores' time its stage's other steps leave. */
  niced?: boolean;
  /** Where the step's jest run writes its JSON report (`--json --outputFile`), read for its slowest files. */
  jestReport?: string;
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

/** The store is built before the browser stages, so their stores skip the build (E2E_BUILT). */
const BUILT = { E2E_BUILT: '1' };

/**
 * The second store's ports, this far above the first's (e2e/support/globalSetup.ts): its shell,
 * api, remotes and test servers all sit within 50 of its base.
 */
const SECOND_STORE_PORT_OFFSET = 100;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A jest path pattern for the spec files named, or (with `except`) for every spec but them. */
export function specPattern(names: readonly string[], except = false): string {
  const alternatives = `(${names.map(escapeRegExp).join('|')})`;
  return except ? `/e2e/specs/(?!${alternatives}$)[^/]+\\.spec\\.ts$` : `/e2e/specs/${alternatives}$`;
}

/**
 * The stages named, in order. With `reportDir`, each jest run also writes its JSON report there
 * (the step's `jestReport`).
 */
export function testStages(names: readonly StageName[], jest: string, reportDir?: string): Stage[] {
  const npm = (...args: string[]) => ['npm', 'run', '--silent', ...args];
  const e2e = [process.execPath, jest, '--selectProjects', 'e2e'];
  /** A jest step, with its report asked for when there is somewhere to write it. */
  const jestStep = (step: Step, name: string, throughNpm = false): Step => {
    if (!reportDir) return step;
    const jestReport = path.join(reportDir, `${name}.json`);
    return { ...step, command: [...step.command, ...(throughNpm ? ['--'] : []), '--json', `--outputFile=${jestReport}`], jestReport };
  };
  const checks: Step[] = [
    { label: 'typecheck', command: npm('typecheck') },
    { label: 'lint', command: npm('lint') },
  ];
  // With the browser tests, the checks go beside the specs that run alone (see above).
  const checksBesideAlone = names.includes('checks') && names.includes('e2e');
  const all: Record<StageName, Stage[]> = {
    checks: checksBesideAlone ? [] : [{ name: 'typecheck and lint', steps: checks }],
    jest: [{ name: 'unit, api and component tests', steps: [jestStep({ label: 'jest', command: npm('test:jest') }, 'jest', true)] }],
    e2e: [
      {
        name: 'the store built for the browser tests',
        steps: [{ label: 'build', command: [process.execPath, '--conditions=storefront-source', '-r', 'sucrase/register/ts', 'scripts/buildStore.ts'] }],
      },
      {
        name: `browser tests, ${BROWSER_WORKERS} at a time, and beside them, on a store of their own, those that change what it serves`,
        steps: [
          jestStep({ label: 'e2e', command: [...e2e, `--maxWorkers=${BROWSER_WORKERS}`, '--testPathPatterns', specPattern([...OWN_STORE_SPECS, ...ALONE_SPECS], true)], env: BUILT }, 'e2e'),
          jestStep(
            {
              label: 'e2e on a store of their own',
              command: [...e2e, '--runInBand', '--testPathPatterns', specPattern(OWN_STORE_SPECS)],
              env: { ...BUILT, E2E_PORT_OFFSET: String(SECOND_STORE_PORT_OFFSET) },
            },
            'e2e-own-store',
          ),
        ],
      },
      {
        name: checksBesideAlone ? 'browser tests that run alone, one at a time, and beside them, at the lowest priority, typecheck and lint' : 'browser tests that run alone, one at a time',
        steps: [
          jestStep({ label: 'e2e alone', command: [...e2e, '--runInBand', '--testPathPatterns', specPattern(ALONE_SPECS)], env: BUILT }, 'e2e-alone'),
          ...(checksBesideAlone ? checks.map((step) => ({ ...step, niced: true })) : []),
        ],
      },
    ],
  };
  return names.flatMap((name) => all[name]);
}
