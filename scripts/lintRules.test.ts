/**
 * The lint rules that keep the repository's rooms apart (eslint.config.mjs), held to code that
 * breaks them: an api module reached past its public file, a shared layer importing a module, and
 * import loops, static and dynamic. Each case is linted with the repository's own config, so a
 * rule switched off or a zone miswritten fails here.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@storefront/edge/packages';

interface LintCase {
  /** The file, from the repository's root: linted as it is on disk, or as if it held `code`. */
  file: string;
  code?: string;
}

interface Message {
  ruleId: string | null;
  message: string;
}

/**
 * ESLint loads its config with import(), which jest's sandbox cannot do: the cases are linted in
 * one node process of their own, with the repository's config, and their messages come back.
 */
const LINT_CASES = `
import { ESLint } from 'eslint';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const found = [];
for (const { file, code } of JSON.parse(input)) {
  const [result] = code === undefined ? await eslint.lintFiles([file]) : await eslint.lintText(code, { filePath: file });
  found.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(found));
`;

function lint(cases: readonly LintCase[]): Message[][] {
  const input = JSON.stringify(cases.map(({ file, code }) => ({ file: path.join(ROOT, file), code })));
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', LINT_CASES], { cwd: ROOT, input, encoding: 'utf8' })) as Message[][];
}

// Loading the config and its plugins takes several seconds on a busy two-core machine.
const LINT_TIMEOUT_MS = 120_000;

const reach = (code: string, file: string): LintCase => ({ code, file });
const REACHES = {
  intoQueries: reach("export { findProductById } from '../catalogue/productQueries';\n", 'api/src/modules/cart/reach.ts'),
  throughIndex: reach("export { findProductById } from '../catalogue';\nexport { cartRoutes } from './cartRoutes';\n", 'api/src/modules/cart/reach.ts'),
  fromTooling: reach("export { listOrders } from '../../api/src/modules/orders/orderQueries';\n", 'scripts/lib/reach.ts'),
  fromLayer: reach("export { listOrders } from '../modules/orders';\n", 'api/src/plugins/reach.ts'),
  blockOnPlugin: reach("export { registerRateLimits } from '../plugins/rateLimits';\n", 'api/src/identity/reach.ts'),
  fromDatabase: reach("export { USER_COLUMNS } from '../identity/users';\n", 'api/src/db/reach.ts'),
  scriptsIntoEdge: reach("export { REMOTES } from '../../edge/src/packages';\n", 'scripts/lib/reach.ts'),
  benchIntoE2e: reach("export { launchBrowser } from '../e2e/support/browser';\n", 'bench/reach.ts'),
  e2eIntoScripts: reach("export const later = () => import('../../scripts/lib/startStore');\n", 'e2e/support/reach.ts'),
  edgeIntoApi: reach("// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const { until } = require('../../api/src/testing/until');\n", 'edge/src/reach.ts'),
  scriptsOnE2e: reach("export { launchBrowser } from '@storefront/e2e/browser';\n", 'scripts/lib/reach.ts'),
  e2eOnBench: reach("export { BUILDS } from '../../bench/frontEnd';\n", 'e2e/support/reach.ts'),
  edgeOnScripts: reach("export { startStore } from '@storefront/scripts/start-store';\n", 'edge/src/reach.ts'),
  throughEntries: reach(
    "export { REMOTES } from '@storefront/edge/packages';\nexport { launchBrowser } from '@storefront/e2e/browser';\nexport { startStore } from '@storefront/scripts/start-store';\nexport { until } from '@storefront/api/testing/until';\n",
    'bench/reach.ts',
  ),
};

describe('lint', () => {
  // Loops need real files on both ends: written in a folder of their own, removed afterwards.
  const folder = path.join('scripts', `lint-loop-fixture-${process.pid}`);
  const loops = ['first.ts', 'second.ts', 'eager.ts', 'lazy.ts'];
  const found = new Map<string, Message[]>();
  const ruled = (name: string, rule: string) => (found.get(name) ?? []).filter((message) => message.ruleId === rule);

  beforeAll(() => {
    mkdirSync(path.join(ROOT, folder), { recursive: true });
    const write = (file: string, code: string) => writeFileSync(path.join(ROOT, folder, file), code);
    write('first.ts', "import { second } from './second';\nexport const first = () => second();\n");
    write('second.ts', "import { first } from './first';\nexport const second = (): unknown => first;\n");
    write('eager.ts', "export const later = () => import('./lazy');\n");
    write('lazy.ts', "import { later } from './eager';\nexport const again = later;\n");
    const cases = [...Object.values(REACHES), ...loops.map((file) => ({ file: path.join(folder, file) }))];
    const names = [...Object.keys(REACHES), ...loops];
    lint(cases).forEach((messages, index) => found.set(names[index] as string, messages));
  }, LINT_TIMEOUT_MS);

  afterAll(() => rmSync(path.join(ROOT, folder), { recursive: true, force: true }));

  describe('the api modules’ public files', () => {
    it('refuse a module reaching into another module’s queries', () => {
      const messages = ruled('intoQueries', 'import-x/no-restricted-paths');
      expect(messages).toHaveLength(1);
      expect(messages[0]?.message).toContain('api/src/modules/catalogue/index.ts');
    });

    it('let a module use another through its index.ts, and its own files freely', () => {
      expect(ruled('throughIndex', 'import-x/no-restricted-paths')).toEqual([]);
    });

    it('refuse tooling reaching into a module', () => {
      expect(ruled('fromTooling', 'import-x/no-restricted-paths')).toHaveLength(1);
    });

    it('refuse a shared layer importing a module, even through its index.ts', () => {
      expect(ruled('fromLayer', 'import-x/no-restricted-paths').map((message) => message.message).join('\n')).toContain('never import a module');
    });

    it('refuse a building block importing a plugin', () => {
      expect(ruled('blockOnPlugin', 'import-x/no-restricted-paths').map((message) => message.message).join('\n')).toContain('never import one');
    });

    it('refuse the database layer importing anything of the api above it', () => {
      expect(ruled('fromDatabase', 'import-x/no-restricted-paths')).toHaveLength(1);
    });
  });

  describe('packages', () => {
    it.each([
      ['scriptsIntoEdge', 'scripts/', 'edge'],
      ['benchIntoE2e', 'bench/', 'e2e'],
      ['e2eIntoScripts', 'e2e/', 'scripts, by import()'],
      ['edgeIntoApi', 'edge/src/', 'api, by require()'],
    ])('refuse %s: a file in %s reaching by a relative path into %s', (name) => {
      const messages = ruled(name, 'import-x/no-relative-packages');
      expect(messages).toHaveLength(1);
      expect(messages[0]?.message).toContain('Relative import from another package is not allowed');
    });

    it('let them talk through each other’s entries', () => {
      expect(found.get('throughEntries')).toEqual([]);
    });

    it.each([
      ['scriptsOnE2e', 'scripts importing e2e'],
      ['e2eOnBench', 'e2e importing the bench'],
      ['edgeOnScripts', 'the edge importing scripts'],
    ])('refuse %s (%s), even through an entry: bench → e2e → scripts → the store, never back', (name) => {
      expect(ruled(name, 'import-x/no-restricted-paths')).toHaveLength(1);
    });
  });

  describe('import loops', () => {
    it('fail lint on two files that import each other', () => {
      expect(ruled('first.ts', 'import-x/no-cycle')).toHaveLength(1);
      expect(ruled('second.ts', 'import-x/no-cycle')).toHaveLength(1);
    });

    it('fail lint on a loop closed by a dynamic import()', () => {
      expect(ruled('eager.ts', 'import-x/no-cycle')).toHaveLength(1);
      expect(ruled('lazy.ts', 'import-x/no-cycle')).toHaveLength(1);
    });
  });
});
