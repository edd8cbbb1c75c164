/**
 * What a run of `npm test` cost the machine, as scripts/test.ts prints it: each stage's processor
 * time beside its wall time, the whole run's against what CI's time allows on this machine's
 * cores, and the test files that took longest (read from jest's JSON report).
 *
 * Processor time is read off the machine's cores (their busy time while the run ran), so anything
 * else running beside it counts too. A stage that keeps every core busy cannot be made quicker by
 * running something beside it, only by giving it less to do: the processor time says how much less.
 */

/** CI's allowance for a clean-clone run, install included. */
export const CI_ALLOWANCE_S = 15 * 60;

/** Cores' time, summed over all of them, in milliseconds, as os.cpus() counts it. */
export interface CoreTimes {
  busy: number;
  idle: number;
}

/** "1 440 processor-s, 2 cores 99% busy": the busy time between two readings, and its share. */
export function stageCost(before: CoreTimes, after: CoreTimes, cores: number): string {
  const busy = after.busy - before.busy;
  const total = busy + after.idle - before.idle;
  if (total <= 0) return 'cores not measured';
  return `${groupThousands(Math.round(busy / 1000))} processor-s, ${cores} cores ${Math.round((100 * busy) / total)}% busy`;
}

/**
 * The run's processor time against the most `cores` can give in CI's allowance: a run that needs
 * more cannot fit in it however its stages are arranged.
 */
export function allowanceLine(busyMs: number, cores: number): string {
  const used = Math.round(busyMs / 1000);
  const most = cores * CI_ALLOWANCE_S;
  const verdict = used <= most ? 'within' : `${Math.round((100 * used) / most)}% of`;
  return `processor time ${groupThousands(used)} s in all: ${verdict} the ${groupThousands(most)} s that ${cores} cores give in CI's ${CI_ALLOWANCE_S / 60} minutes`;
}

/** The part of jest's `--json` report this reads. */
export interface JestReport {
  testResults: ReadonlyArray<{ name: string; startTime: number; endTime: number }>;
}

/** The `count` test files that took longest, longest first, as "  74 s  api/src/…" lines relative to `root`. */
export function slowestFiles(report: JestReport, root: string, count: number): string[] {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return [...report.testResults]
    .map((file) => ({ name: file.name.startsWith(prefix) ? file.name.slice(prefix.length) : file.name, seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ name, seconds }) => `${String(Math.round(seconds)).padStart(5)} s  ${name}`);
}

/** 12345 → "12 345": thousands set apart by a space, as SI writes them (prices keep their own commas). */
function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
