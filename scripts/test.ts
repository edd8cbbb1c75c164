/**
 * `npm test [checks|jest|e2e …]`: the whole suite (what CI runs), or the stages named, in order
 * (scripts/lib/testStages.ts). Steps of one stage run side by side; the output of each is printed
 * as one block when it ends, so two never interleave. It stops at the first stage that fails, and
 * prints how long each stage took, the processor time it used and how busy it kept the machine's
 * cores (where a stage leaves them idle, another could run beside it), the slowest test files of
 * each jest run, and the whole run's processor time against what CI's 15 minutes allow
 * (scripts/lib/runCost.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '@storefront/edge/packages';
import { allowanceLine, slowestFiles, stageCost, type CoreTimes, type JestReport } from './lib/runCost';
import { STAGE_NAMES, testStages, type StageName, type Step } from './lib/testStages';

/** How many of each jest run's slowest test files are printed at the end. */
const SLOWEST_SHOWN = 8;

interface Outcome {
  code: number;
  output: string;
}

function run(step: Step, shown: boolean): Promise<Outcome> {
  // `nice` passes its priority on to everything the step starts (npm, tsc, eslint).
  const [program, ...args] = step.niced && process.platform !== 'win32' ? ['nice', '-n', '19', ...step.command] : step.command;
  if (!program) throw new Error(`${step.label}: no command`);
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: ROOT, env: { ...process.env, ...step.env }, stdio: shown ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

/** The cores' busy and idle time so far, summed over all of them. */
function cpuTimes(): CoreTimes {
  return os.cpus().reduce(
    (sum, { times }) => ({ busy: sum.busy + times.user + times.nice + times.sys + times.irq, idle: sum.idle + times.idle }),
    { busy: 0, idle: 0 },
  );
}

/** Each jest step's slowest files, from the report it wrote (a step that failed early may have written none). */
function slowestOf(steps: readonly Step[]): string[] {
  return steps.flatMap((step) => {
    if (!step.jestReport || !existsSync(step.jestReport)) return [];
    const report = JSON.parse(readFileSync(step.jestReport, 'utf8')) as JestReport;
    return [`  ${step.label}:`, ...slowestFiles(report, ROOT, SLOWEST_SHOWN).map((line) => `  ${line}`)];
  });
}

async function main(): Promise<number> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(STAGE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    console.error(`[test] no stage called ${unknown.join(', ')}: the stages are ${STAGE_NAMES.join(', ')}`);
    return 2;
  }
  const names = asked.length > 0 ? (asked as StageName[]) : [...STAGE_NAMES];
  const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
  const took: string[] = [];
  const ran: Step[] = [];
  const started = Date.now();
  const cpuAtStart = cpuTimes();
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-reports-'));
  let failed = 0;
  for (const stage of testStages(names, jest, reportDir)) {
    console.log(`\n[test] ${stage.name}`);
    const since = Date.now();
    const cpuBefore = cpuTimes();
    // One step alone shows its output as it comes; side by side, each shows its own when done.
    const alone = stage.steps.length === 1;
    const outcomes = await Promise.all(
      stage.steps.map(async (step) => {
        const stepSince = Date.now();
        const outcome = await run(step, alone);
        if (!alone) {
          process.stdout.write(`\n[test] ${step.label} (${seconds(stepSince)}${step.niced ? ', at the lowest priority' : ''}):\n${outcome.output}`);
        }
        return outcome;
      }),
    );
    ran.push(...stage.steps);
    failed = outcomes.find((outcome) => outcome.code !== 0)?.code ?? 0;
    took.push(`  ${stage.name}: ${seconds(since)}, ${stageCost(cpuBefore, cpuTimes(), os.cpus().length)}${failed ? ' (failed)' : ''}`);
    if (failed) break;
  }
  const slowest = slowestOf(ran);
  rmSync(reportDir, { recursive: true, force: true });
  if (slowest.length > 0) console.log(`\n[test] the slowest test files:\n${slowest.join('\n')}`);
  console.log(`\n[test] ${failed ? 'failed' : 'passed'} in ${seconds(started)}:\n${took.join('\n')}`);
  console.log(`  ${allowanceLine(cpuTimes().busy - cpuAtStart.busy, os.cpus().length)}`);
  return failed;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
