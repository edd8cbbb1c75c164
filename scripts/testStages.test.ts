/**
 * What `npm test` runs (scripts/lib/testStages.ts): every browser spec exactly once, every spec
 * that changes the live composition on a store of its own, the timed specs last and alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALONE_SPECS, COMPOSES, OWN_STORE_SPECS, TIMED_SPECS } from './lib/aloneSpecs';
import { OWN_STORE_PORT_BASE, specPattern, testStages } from './lib/testStages';

const ROOT = path.resolve(__dirname, '..');
const SPECS = readdirSync(path.join(ROOT, 'e2e/specs')).filter((file) => file.endsWith('.spec.ts'));

/** The spec files a jest run's --testPathPatterns picks. */
function picked(args: readonly string[]): string[] {
  const pattern = new RegExp(args[args.indexOf('--testPathPatterns') + 1] ?? 'no pattern given');
  return SPECS.filter((spec) => pattern.test(path.join(ROOT, 'e2e/specs', spec)));
}

describe('the stages of npm test', () => {
  it('lists, among the specs on a store of their own, every spec that composes, and only specs that exist', () => {
    const composing = SPECS.filter((spec) => COMPOSES.test(readFileSync(path.join(ROOT, 'e2e/specs', spec), 'utf8')));
    expect(composing.length).toBeGreaterThan(0);
    expect([...OWN_STORE_SPECS].sort()).toEqual(expect.arrayContaining(composing));
    expect(ALONE_SPECS.filter((spec) => !SPECS.includes(spec))).toEqual([]);
  });

  it("builds first, then runs every browser spec once: the shared store's side by side, beside the others on a second store, then the timed ones alone", () => {
    const [build, beside, timed, ...more] = testStages(['e2e'], 'jest');
    expect(more).toEqual([]);
    expect(build?.steps.map((step) => step.command.at(-1))).toEqual(['scripts/buildStore.ts']);
    const [shared, ownStore] = beside?.steps ?? [];
    const [alone] = timed?.steps ?? [];
    expect(beside?.steps).toHaveLength(2);
    expect(shared?.command).toContain('--maxWorkers=2');
    expect(ownStore?.command).toContain('--runInBand');
    expect(alone?.command).toContain('--runInBand');
    expect(timed?.steps).toHaveLength(1);
    // The second store is on other ports; no browser stage's store builds (the first stage did).
    expect(ownStore?.env?.E2E_PORT_BASE).toBe(OWN_STORE_PORT_BASE);
    expect(shared?.env?.E2E_PORT_BASE).toBeUndefined();
    expect([shared, ownStore, alone].map((step) => step?.env?.E2E_BUILT)).toEqual(['1', '1', '1']);
    const [sideBySide, onTheirOwn, last] = [shared, ownStore, alone].map((step) => picked(step?.command ?? []));
    expect(onTheirOwn?.sort()).toEqual([...OWN_STORE_SPECS].sort());
    expect(last?.sort()).toEqual([...TIMED_SPECS].sort());
    expect([...(sideBySide ?? []), ...(onTheirOwn ?? []), ...(last ?? [])].sort()).toEqual([...SPECS].sort());
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
