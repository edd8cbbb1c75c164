/**
 * `npm test [checks|jest|e2e …]`: the whole suite (what CI runs), or the stages named, in order
 * (scripts/lib/testStages.ts). Steps of one stage run side by side; the output of each is printed
 * as one block when it ends, so two never interleave. It stops at the first stage that fails, and
 * prints how long each stage took, and how busy it kept the machine's cores (where a stage
 * leaves them idle, another could run beside it).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { ROOT } from '@storefront/edge/packages';
import { STAGE_NAMES, testStages, type StageName, type Step } from './lib/testStages';

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
function cpuTimes(): { busy: number; idle: number } {
  return os.cpus().reduce(
    (sum, { times }) => ({ busy: sum.busy + times.user + times.nice + times.sys + times.irq, idle: sum.idle + times.idle }),
    { busy: 0, idle: 0 },
  );
}

/** How much of the cores' time since `before` was busy, e.g. "2 cores 87% busy". */
function busySince(before: { busy: number; idle: number }): string {
  const now = cpuTimes();
  const busy = now.busy - before.busy;
  const total = busy + now.idle - before.idle;
  return total > 0 ? `${os.cpus().length} cores ${Math.round((100 * busy) / total)}% busy` : 'cores not measured';
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
  const started = Date.now();
  let failed = 0;
  for (const stage of testStages(names, jest)) {
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
    failed = outcomes.find((outcome) => outcome.code !== 0)?.code ?? 0;
    took.push(`  ${stage.name}: ${seconds(since)}, ${busySince(cpuBefore)}${failed ? ' (failed)' : ''}`);
    if (failed) break;
  }
  console.log(`\n[test] ${failed ? 'failed' : 'passed'} in ${seconds(started)}:\n${took.join('\n')}`);
  return failed;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
