/**
 * What `npm test` runs (scripts/lib/testStages.ts): the store built first, every browser spec in
 * exactly one of the two browser stages, and every spec that changes the live composition in the
 * one that runs alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALONE_SPECS, COMPOSES } from './lib/aloneSpecs';
import { specPattern, testStages } from './lib/testStages';

const ROOT = path.resolve(__dirname, '..');
const SPECS = readdirSync(path.join(ROOT, 'e2e/specs')).filter((file) => file.endsWith('.spec.ts'));

/** The spec files a jest run's --testPathPatterns picks. */
function picked(args: readonly string[]): string[] {
  const pattern = new RegExp(args[args.indexOf('--testPathPatterns') + 1] ?? 'no pattern given');
  return SPECS.filter((spec) => pattern.test(path.join(ROOT, 'e2e/specs', spec)));
}

describe('the stages of npm test', () => {
  it('lists, among the specs that run alone, every spec that composes, and only specs that exist', () => {
    const composing = SPECS.filter((spec) => COMPOSES.test(readFileSync(path.join(ROOT, 'e2e/specs', spec), 'utf8')));
    expect(composing.length).toBeGreaterThan(0);
    expect([...ALONE_SPECS].sort()).toEqual(expect.arrayContaining(composing));
    expect(ALONE_SPECS.filter((spec) => !SPECS.includes(spec))).toEqual([]);
  });

  it('builds first, then runs every browser spec once: the others side by side, then those that run alone one at a time, on that build', () => {
    const [build, together, alone, ...more] = testStages(['e2e'], 'jest');
    expect(more).toEqual([]);
    expect(build?.steps.map((step) => step.command.at(-1))).toEqual(['scripts/buildStore.ts']);
    const [sideBySideStep] = together?.steps ?? [];
    const [aloneStep] = alone?.steps ?? [];
    expect(sideBySideStep?.command).toContain('--maxWorkers=2');
    expect(aloneStep?.command).toContain('--runInBand');
    // Neither browser stage's store builds again: the first stage did.
    expect([sideBySideStep, aloneStep].map((step) => step?.env?.E2E_BUILT)).toEqual(['1', '1']);
    const sideBySide = picked(sideBySideStep?.command ?? []);
    const oneAtATime = picked(aloneStep?.command ?? []);
    expect(oneAtATime.sort()).toEqual([...ALONE_SPECS].sort());
    expect([...sideBySide, ...oneAtATime].sort()).toEqual([...SPECS].sort());
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
  });
});
