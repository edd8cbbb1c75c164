/**
 * shared/public-surface.txt is @storefront/shared's public surface as it is: every team builds on
 * it, so a change to it must be made on purpose (`npm run shared:surface`) and reviewed.
 */
import { readFileSync } from 'node:fs';
import { abbreviate, sharedSurface, SURFACE_FILE, surfaceDifference } from './sharedSurface';

// Building the compiler's program over shared takes several seconds on a busy two-core machine.
const PROGRAM_TIMEOUT_MS = 60_000;

describe("shared's public surface", () => {
  let now = '';
  beforeAll(() => {
    now = sharedSurface();
  }, PROGRAM_TIMEOUT_MS);

  it('is what shared/public-surface.txt says (else run `npm run shared:surface` and review the change)', () => {
    const difference = surfaceDifference(readFileSync(SURFACE_FILE, 'utf8'), now);
    if (difference) throw new Error(difference);
  });

  it('lists every entry point of shared/package.json exports, each export with its kind and type', () => {
    const { exports } = JSON.parse(readFileSync(require.resolve('@storefront/shared/package.json'), 'utf8')) as { exports: Record<string, unknown> };
    for (const subpath of Object.keys(exports)) expect(now).toContain(`\n## ${subpath} → `);
    expect(now).toMatch(/\nbaseApi: const: Api<StorefrontBaseQuery, /);
    expect(now).toMatch(/\ncreateStorefrontStore: function: \(.*\) => AppStore\n/);
    expect(now).toMatch(/\nProduct: interface: \{ .*\bname: string;/);
  });

  it('names no folder of the machine it was made on', () => {
    expect(now).not.toContain(process.cwd());
    expect(now).not.toMatch(/import\("\//);
  });
});

describe('the difference the test reports', () => {
  it('is nothing for the same surface', () => {
    expect(surfaceDifference('a: const: 1\n', 'a: const: 1\n')).toBeUndefined();
  });

  it('says what to run and shows the exports that differ under their entry points, not the lines an addition moved', () => {
    const checkedIn = '# header\n\n## . → ./src/index.ts\na: const: 1\nb: function: () => void\nc: const: 3\n\n## ./domain → ./src/domain/index.ts\nd: const: 4\n';
    const now = '# header\n\n## . → ./src/index.ts\na: const: 2\nab: const: 5\nc: const: 3\n\n## ./domain → ./src/domain/index.ts\nd: const: 4\n';
    const difference = surfaceDifference(checkedIn, now);
    expect(difference).toContain('npm run shared:surface');
    expect(difference).toContain('every team’s contract');
    expect(difference).toContain('  ## . → ./src/index.ts\n  - a: const: 1\n  + a: const: 2\n  + ab: const: 5\n  - b: function: () => void');
    expect(difference).not.toContain('c: const: 3');
    expect(difference).not.toContain('./domain');
  });

  it('shows a long line around where it differs, and counts what it leaves out', () => {
    const long = `x: type: { ${'a: string; '.repeat(100)}`;
    const difference = surfaceDifference(`## .\n${long}a\n`, `## .\n${long}b\n`) ?? '';
    expect(difference).toMatch(/^ {2}- ….*a$/m);
    expect(difference).toMatch(/^ {2}\+ ….*b$/m);
    const many = (value: number) => `## .\n${Array.from({ length: 20 }, (_, index) => `n${index}: const: ${value}`).join('\n')}\n`;
    expect(surfaceDifference(many(1), many(2), 8)).toContain('… and 32 more');
  });
});

describe('long types written by the name they are exported by', () => {
  const store = `EnhancedStore<{ api: ${'x'.repeat(130)} }>`;
  const abbreviations = [{ name: 'AppStore', text: store, replacement: 'AppStore' }];

  it('are replaced where they stand as a whole type, but not in their own line', () => {
    expect(abbreviate(`(store: ${store}) => void`, abbreviations, 'releaseStore')).toBe('(store: AppStore) => void');
    expect(abbreviate(store, abbreviations, 'AppStore')).toBe(store);
  });

  it('are left alone inside a longer name', () => {
    expect(abbreviate(`(store: My${store}) => void`, abbreviations, 'releaseStore')).toBe(`(store: My${store}) => void`);
  });
});
