/**
 * Each team's test loop (`npm test -w <team>`, scripts/teamTest.ts): every browser spec has one
 * owner that is a team, every team is a workspace whose `npm test` is that loop, and the jest runs
 * a team's loop makes select its own tests and specs and nobody else's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ownershipProblems, SPEC_OWNERS, specsOf, TEAMS } from './lib/specOwners';
import { jestRuns, parseTeamTestArgs } from './lib/teamRuns';

const ROOT = path.resolve(__dirname, '..');
const SPECS = readdirSync(path.join(ROOT, 'e2e/specs')).filter((file) => file.endsWith('.spec.ts'));

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
}

/** The value of a jest option in a run's arguments. */
function option(args: readonly string[], name: string): string {
  const index = args.indexOf(name);
  if (index === -1) throw new Error(`no ${name} in ${args.join(' ')}`);
  return args[index + 1] as string;
}

describe('who owns the browser specs (scripts/lib/specOwners.ts)', () => {
  it('every spec in e2e/specs has an owner that is a team, and every owned spec exists', () => {
    expect(ownershipProblems(SPECS, SPEC_OWNERS, TEAMS)).toEqual([]);
  });

  it('every team is a workspace whose npm test is the team loop', () => {
    const { workspaces } = readJson<{ workspaces: string[] }>('package.json');
    for (const team of TEAMS) {
      expect(workspaces).toContain(team);
      const { scripts = {} } = readJson<{ scripts?: Record<string, string> }>(`${team}/package.json`);
      expect([team, scripts.test]).toEqual([team, 'node --conditions=storefront-source -r sucrase/register/ts ../scripts/teamTest.ts']);
    }
  });

  it('names a spec nobody owns, an owner that is no team, and an entry whose spec is gone', () => {
    const problems = ownershipProblems(['a.spec.ts', 'b.spec.ts', 'new.spec.ts'], { 'a.spec.ts': 'mfe-cart', 'b.spec.ts': 'mfe-payments', 'gone.spec.ts': 'shell' }, TEAMS);
    expect(problems).toEqual([
      'new.spec.ts is owned by no team: add it to SPEC_OWNERS in scripts/lib/specOwners.ts',
      'b.spec.ts is owned by "mfe-payments", which is not a team (mfe-catalog, mfe-product, mfe-cart, mfe-account, shell)',
      'gone.spec.ts is in SPEC_OWNERS but not in e2e/specs: remove it or fix its name',
    ]);
  });

  it('gives each remote the specs of its own pages', () => {
    expect(specsOf('mfe-cart')).toEqual(expect.arrayContaining(['checkout.spec.ts', 'cartAmounts.spec.ts']));
    expect(specsOf('mfe-product')).toContain('product.spec.ts');
    expect(specsOf('mfe-catalog')).toContain('catalog.spec.ts');
    expect(specsOf('mfe-account')).toEqual(expect.arrayContaining(['account.spec.ts', 'operator.spec.ts']));
    expect(specsOf('shell')).toEqual(expect.arrayContaining(['shell.spec.ts', 'layout.spec.ts', 'releases.spec.ts', 'hydration.spec.ts']));
  });
});

describe('the jest runs of a team’s loop', () => {
  it('takes the team from the workspace npm runs it in, or --team, and hands everything else to jest', () => {
    expect(parseTeamTestArgs(['--e2e', '-t', 'checkout'], path.join(ROOT, 'mfe-cart'))).toEqual({ team: 'mfe-cart', options: { e2e: true, jestOptions: ['-t', 'checkout'] } });
    expect(parseTeamTestArgs(['--team', 'shell'], ROOT)).toEqual({ team: 'shell', options: { e2e: false, jestOptions: [] } });
  });

  it('without --e2e, runs only the web project on the team’s own sources', () => {
    const runs = jestRuns('mfe-cart', { e2e: false, jestOptions: [] });
    expect(runs).toHaveLength(1);
    const [web] = runs;
    expect(option(web!.args, '--selectProjects')).toBe('web');
    const pattern = new RegExp(option(web!.args, '--testPathPatterns'));
    expect(pattern.test(path.join(ROOT, 'mfe-cart/src/exposes/CartPage.test.tsx'))).toBe(true);
    expect(pattern.test(path.join(ROOT, 'mfe-catalog/src/server.test.tsx'))).toBe(false);
    expect(pattern.test(path.join(ROOT, 'shared/src/ui/Price.test.tsx'))).toBe(false);
  });

  it.each(TEAMS)('with --e2e, %s’s browser run selects exactly the specs it owns, in band', (team) => {
    const runs = jestRuns(team, { e2e: true, jestOptions: [] });
    expect(runs).toHaveLength(2);
    const e2e = runs[1]!;
    expect(option(e2e.args, '--selectProjects')).toBe('e2e');
    expect(e2e.args).toContain('--runInBand');
    const pattern = new RegExp(option(e2e.args, '--testPathPatterns'));
    const selected = SPECS.filter((spec) => pattern.test(path.join(ROOT, 'e2e/specs', spec))).sort();
    expect(selected).toEqual(specsOf(team));
    expect(selected.length).toBeGreaterThan(0);
  });

  it('makes no browser run for a team that owns no spec', () => {
    expect(jestRuns('mfe-cart', { e2e: true, jestOptions: [] }, { 'a.spec.ts': 'shell' })).toHaveLength(1);
  });
});
