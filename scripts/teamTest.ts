/**
 * `npm test -w <team> [-- --e2e] [jest options]`: one team's own test loop. It runs the team's unit
 * and component tests (`<team>/src/**`, the root jest config's `web` project, whose globalSetup
 * starts the real api on its compiled copies of contracts and shared, built here first when
 * stale); with `--e2e`, then the browser specs the team owns (scripts/lib/specOwners.ts) in the `e2e` project.
 * Any other option goes to jest. First of all it compiles the team's working copy against the live
 * composition's published types (what its pages pass others' modules, what others pass its own),
 * and stops there on a misfit. The exit code is then jest's: the first run that fails ends it.
 */
import { spawn } from 'node:child_process';
import { localComposition } from '@storefront/edge/composition';
import { environmentStore } from './lib/environmentStore';
import { portsFromEnv, ROOT } from '@storefront/edge/packages';
import { specsOf, TEAMS } from './lib/specOwners';
import { ensureSharedBuilt } from './lib/ensureBuilt';
import { judgeWorkingCopy } from './lib/releaseVerdict';
import { isTeam, jestRuns, parseTeamTestArgs } from './lib/teamRuns';

function runJest(args: readonly string[]): Promise<number> {
  const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [jest, ...args], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const { team, options } = parseTeamTestArgs(process.argv.slice(2), process.cwd());
  if (!isTeam(team)) {
    console.error(`run it in a team's workspace (npm test -w mfe-cart) or pass --team; "${team}" is not one of ${TEAMS.join(', ')}`);
    return 2;
  }
  await ensureSharedBuilt((line) => console.log(`[test] ${line}`));
  // What it passes the live releases' modules, and they pass its own, compiled against their published types.
  const store = environmentStore();
  const fit = await judgeWorkingCopy(team, store, () => localComposition(portsFromEnv(), process.env.PUBLIC_HOST ?? 'localhost')).finally(() => store.close());
  for (const line of fit.lines) (fit.ok ? console.log : console.error)(`[test] ${line}`);
  if (!fit.ok) return 1;
  for (const run of jestRuns(team, options)) {
    console.log(`[test] ${run.label}`);
    const code = await runJest(run.args);
    if (code !== 0) return code;
  }
  if (options.e2e && specsOf(team).length === 0) console.log(`[test] ${team} owns no browser spec (scripts/lib/specOwners.ts)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
