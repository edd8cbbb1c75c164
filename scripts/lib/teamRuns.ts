/**
 * What `npm test -w <team>` runs (scripts/teamTest.ts): the command line read, and the jest runs it
 * makes for a team.
 */
import path from 'node:path';
import { specsOf, TEAMS, type Team } from './specOwners';
import { specPattern } from './testStages';

export interface TeamTestOptions {
  e2e: boolean;
  /** Options handed to every jest run. */
  jestOptions: string[];
}

export interface JestRun {
  label: string;
  args: string[];
}

export function isTeam(name: string): name is Team {
  return (TEAMS as readonly string[]).includes(name);
}

/** The team's name from `--team <name>`, else the workspace npm runs the script in; the rest of the command line. */
export function parseTeamTestArgs(argv: readonly string[], cwd: string): { team: string; options: TeamTestOptions } {
  const jestOptions: string[] = [];
  let team = path.basename(cwd);
  let e2e = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === '--e2e') e2e = true;
    else if (arg === '--team' && argv[index + 1] !== undefined) team = argv[++index] as string;
    else jestOptions.push(arg);
  }
  return { team, options: { e2e, jestOptions } };
}

/** The jest runs a team's loop makes, in order: its component tests, then (with --e2e) its browser specs. */
export function jestRuns(team: Team, { e2e, jestOptions }: TeamTestOptions, owners?: Readonly<Record<string, string>>): JestRun[] {
  const runs: JestRun[] = [
    { label: `${team}: unit and component tests`, args: ['--selectProjects', 'web', '--testPathPatterns', `/${team}/src/`, ...jestOptions] },
  ];
  if (!e2e) return runs;
  const specs = specsOf(team, owners);
  if (specs.length === 0) return runs;
  runs.push({ label: `${team}: browser specs (${specs.join(', ')})`, args: ['--selectProjects', 'e2e', '--runInBand', '--testPathPatterns', specPattern(specs), ...jestOptions] });
  return runs;
}

