/**
 * What `npm test` runs (scripts/test.ts), stage by stage: each stage's steps run side by side,
 * and a stage starts once the one before it has passed.
 *
 * The machine the suite runs on has two cores, and a browser spec alone leaves much of them idle
 * (waiting for a page, a timeout, the network going quiet), so the browser specs run in two
 * browsers at once. The specs that change what the store serves (the live composition, the
 * catalogue) run one at a time on a second store of their own beside them; those that time a
 * shopper's wait on the real clock run last, alone (scripts/lib/aloneSpecs.ts).
 */
import { ALONE_SPECS, OWN_STORE_SPECS, TIMED_SPECS } from './aloneSpecs';

export interface Step {
  label: string;
  /** The program and its arguments, run in the repository's root. */
  command: readonly string[];
  /** Set in its environment, beside what `npm test` was given. */
  env?: Readonly<Record<string, string>>;
}

export interface Stage {
  name: string;
  steps: readonly Step[];
}

/** The stages `npm test` can be asked for by name; without a name it runs them all, in this order. */
export const STAGE_NAMES = ['checks', 'jest', 'e2e'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** How many browser specs run at once on the shared store: one browser a core. */
export const BROWSER_WORKERS = 2;

/**
 * The second store's ports, from E2E_PORT_BASE (e2e/support/globalSetup.ts): clear of the first
 * store's (18080 and the next 21).
 */
export const OWN_STORE_PORT_BASE = '18180';

/** The store is built before the browser stages, so their stores skip the build (E2E_BUILT). */
const BUILT = { E2E_BUILT: '1' };

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
  const e2e = [process.execPath, jest, '--selectProjects', 'e2e'];
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
        name: 'the store built for the browser tests',
        steps: [{ label: 'build', command: [process.execPath, '--conditions=storefront-source', '-r', 'sucrase/register/ts', 'scripts/buildStore.ts'] }],
      },
      {
        name: `browser tests, ${BROWSER_WORKERS} at a time, beside those that change their store, one at a time on a store of their own`,
        steps: [
          { label: 'e2e', command: [...e2e, `--maxWorkers=${BROWSER_WORKERS}`, '--testPathPatterns', specPattern(ALONE_SPECS, true)], env: BUILT },
          { label: 'e2e on a store of their own', command: [...e2e, '--runInBand', '--testPathPatterns', specPattern(OWN_STORE_SPECS)], env: { ...BUILT, E2E_PORT_BASE: OWN_STORE_PORT_BASE } },
        ],
      },
      {
        name: "browser tests that time a shopper's wait, alone",
        steps: [{ label: 'e2e timed', command: [...e2e, '--runInBand', '--testPathPatterns', specPattern(TIMED_SPECS)], env: BUILT }],
      },
    ],
  };
  return names.flatMap((name) => all[name]);
}
