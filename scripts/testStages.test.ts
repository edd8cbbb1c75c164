/**
 * What `npm test` runs (scripts/lib/testStages.ts): the store built first, every browser spec in
 * exactly one browser step, and every spec that changes the live composition on a store of its
 * own, which no other spec loads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALONE_SPECS, COMPOSES, OWN_STORE_SPECS } from './lib/aloneSpecs';
import { specPattern, testStages } from './lib/testStages';

const ROOT = path.resolve(__dirname, '..');
const SPECS = readdirSync(path.join(ROOT, 'e2e/specs')).filter((file) => file.endsWith('.spec.ts'));

/** The spec files a jest run's --testPathPatterns picks. */
function picked(args: readonly string[]): string[] {
  const pattern = new RegExp(args[args.indexOf('--testPathPatterns') + 1] ?? 'no pattern given');
  return SPECS.filter((spec) => pattern.test(path.join(ROOT, 'e2e/specs', spec)));
}

describe('the stages of npm test', () => {
  it('lists, among the specs on a store of their own, every spec that composes, and only specs that exist, each in one list', () => {
    const composing = SPECS.filter((spec) => COMPOSES.test(readFileSync(path.join(ROOT, 'e2e/specs', spec), 'utf8')));
    expect(composing.length).toBeGreaterThan(0);
    expect([...OWN_STORE_SPECS].sort()).toEqual(expect.arrayContaining(composing));
    expect([...OWN_STORE_SPECS, ...ALONE_SPECS].filter((spec) => !SPECS.includes(spec))).toEqual([]);
    expect(OWN_STORE_SPECS.filter((spec) => ALONE_SPECS.includes(spec))).toEqual([]);
  });

  it('builds first, then runs every browser spec once: two at a time with, beside them, one at a time on a second store those that compose, then alone those that time a wait, on that build', () => {
    const [build, together, alone, ...more] = testStages(['e2e'], 'jest');
    expect(more).toEqual([]);
    expect(build?.steps.map((step) => step.command.at(-1))).toEqual(['scripts/buildStore.ts']);
    const [sideBySideStep, ownStoreStep, ...moreSteps] = together?.steps ?? [];
    expect(moreSteps).toEqual([]);
    const [aloneStep] = alone?.steps ?? [];
    expect(sideBySideStep?.command).toContain('--maxWorkers=2');
    expect(ownStoreStep?.command).toContain('--runInBand');
    expect(aloneStep?.command).toContain('--runInBand');
    // No browser step's store builds again: the first stage did.
    expect([sideBySideStep, ownStoreStep, aloneStep].map((step) => step?.env?.E2E_BUILT)).toEqual(['1', '1', '1']);
    // The second store is served on ports of its own; the others on the first store's.
    expect([sideBySideStep, ownStoreStep, aloneStep].map((step) => step?.env?.E2E_PORT_OFFSET)).toEqual([undefined, '100', undefined]);
    const sideBySide = picked(sideBySideStep?.command ?? []);
    const onOwnStore = picked(ownStoreStep?.command ?? []);
    const oneAtATime = picked(aloneStep?.command ?? []);
    expect(onOwnStore.sort()).toEqual([...OWN_STORE_SPECS].sort());
    expect(oneAtATime.sort()).toEqual([...ALONE_SPECS].sort());
    expect([...sideBySide, ...onOwnStore, ...oneAtATime].sort()).toEqual([...SPECS].sort());
  });

  it("leaves out a spec whose name only begins like one that runs alone", () => {
    const pattern = new RegExp(specPattern(['releases.spec.ts'], true));
    expect(pattern.test('/repo/e2e/specs/releases.spec.ts')).toBe(false);
    expect(pattern.test('/repo/e2e/specs/oldreleases.spec.ts')).toBe(true);
    expect(pattern.test('/repo/e2e/specs/releases.spec.ts.bak')).toBe(false);
  });

  it('runs the stages asked for, in order, with typecheck and lint side by side', () => {
    const stages = testStages(['checks', 'jest'], 'jest');
    expect(stages.map((stage) => stage.steps.map((step) => step.label))).toEqual([['typecheck', 'lint'], ['jest']]);
    expect(stages.flatMap((stage) => stage.steps).some((step) => step.niced)).toBe(false);
  });

  it('in the whole suite, runs typecheck and lint last, at the lowest priority, beside the specs that run alone; only they are niced', () => {
    const stages = testStages(['checks', 'jest', 'e2e'], 'jest');
    expect(stages.map((stage) => stage.steps.map((step) => step.label))).toEqual([
      ['jest'],
      ['build'],
      ['e2e', 'e2e on a store of their own'],
      ['e2e alone', 'typecheck', 'lint'],
    ]);
    const niced = stages.flatMap((stage) => stage.steps).filter((step) => step.niced);
    expect(niced.map((step) => step.label)).toEqual(['typecheck', 'lint']);
  });

  it('asks each jest run for its JSON report in the folder given, and none without one', () => {
    const steps = testStages(['checks', 'jest', 'e2e'], 'jest', '/tmp/reports').flatMap((stage) => stage.steps);
    const reporting = steps.filter((step) => step.jestReport);
    expect(reporting.map((step) => [step.label, step.jestReport])).toEqual([
      ['jest', '/tmp/reports/jest.json'],
      ['e2e', '/tmp/reports/e2e.json'],
      ['e2e on a store of their own', '/tmp/reports/e2e-own-store.json'],
      ['e2e alone', '/tmp/reports/e2e-alone.json'],
    ]);
    for (const step of reporting) expect(step.command.slice(-2)).toEqual(['--json', `--outputFile=${step.jestReport}`]);
    // Through npm, the flags reach jest after `--`.
    expect(reporting[0]?.command.slice(-3)).toEqual(['--', '--json', '--outputFile=/tmp/reports/jest.json']);
    expect(testStages(['jest', 'e2e'], 'jest').flatMap((stage) => stage.steps).some((step) => step.jestReport || step.command.includes('--json'))).toBe(false);
  });
});
