/**
 * What `npm test` prints of a run's cost (scripts/lib/runCost.ts): each stage's processor time,
 * the run's against CI's allowance on this many cores, and the slowest test files of a jest run.
 */
import { allowanceLine, slowestFiles, stageCost } from './lib/runCost';

describe("a run's cost", () => {
  it("gives a stage's processor time in seconds and how busy it kept the cores", () => {
    // 1 440 s busy and 14.5 s idle over two cores: 99% busy.
    expect(stageCost({ busy: 10_000, idle: 5_000 }, { busy: 1_450_000, idle: 19_500 }, 2)).toBe('1 440 processor-s, 2 cores 99% busy');
    expect(stageCost({ busy: 10, idle: 5 }, { busy: 10, idle: 5 }, 2)).toBe('cores not measured');
  });

  it("measures the run's processor time against what the cores give in 15 minutes", () => {
    expect(allowanceLine(1_700_000, 2)).toBe("processor time 1 700 s in all: within the 1 800 s that 2 cores give in CI's 15 minutes");
    expect(allowanceLine(3_510_000, 2)).toBe("processor time 3 510 s in all: 195% of the 1 800 s that 2 cores give in CI's 15 minutes");
    expect(allowanceLine(3_510_000, 4)).toBe("processor time 3 510 s in all: within the 3 600 s that 4 cores give in CI's 15 minutes");
  });

  it('lists the slowest test files first, relative to the repository, as many as asked', () => {
    const report = {
      testResults: [
        { name: '/repo/api/src/quick.test.ts', startTime: 0, endTime: 2_400 },
        { name: '/repo/e2e/specs/canary.spec.ts', startTime: 1_000, endTime: 382_000 },
        { name: '/repo/api/src/guessing.test.ts', startTime: 5_000, endTime: 79_000 },
        { name: '/elsewhere/other.test.ts', startTime: 0, endTime: 30_000 },
      ],
    };
    expect(slowestFiles(report, '/repo', 3)).toEqual(['  381 s  e2e/specs/canary.spec.ts', '   74 s  api/src/guessing.test.ts', '   30 s  /elsewhere/other.test.ts']);
    expect(slowestFiles(report, '/repo/', 1)).toEqual(['  381 s  e2e/specs/canary.spec.ts']);
  });
});
