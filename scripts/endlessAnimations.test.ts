/**
 * An animation that never ends (a skeleton's shimmer, a spinner) may move only `transform` and
 * `opacity`: the compositor draws those on its own. Anything else (a background's position, a
 * colour, a size) is painted again on the page's main thread every frame for as long as it runs,
 * a few milliseconds a frame on a phone, taken from the scripts that make the page live.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const PACKAGES = ['shared', 'shell', 'mfe-catalog', 'mfe-product', 'mfe-cart', 'mfe-account', 'edge'];
const COMPOSITED = new Set(['transform', 'opacity']);

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** The properties each `@keyframes` of the sheets sets, by name. */
function keyframeProperties(css: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const match of css.matchAll(/@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*)\s*\}/g)) {
    const properties = new Set([...(match[2] ?? '').matchAll(/([\w-]+)\s*:/g)].map((declaration) => declaration[1] ?? ''));
    found.set(match[1] ?? '', properties);
  }
  return found;
}

/** The keyframes named by declarations that repeat for ever (`animation: … infinite`). */
function endlessAnimationNames(css: string, known: ReadonlySet<string>): string[] {
  return [...css.matchAll(/animation\s*:([^;}]*)/g)]
    .map((declaration) => declaration[1] ?? '')
    .filter((value) => /\binfinite\b/.test(value))
    .flatMap((value) => value.split(/[\s,]+/).filter((word) => known.has(word)));
}

describe('endless animations', () => {
  const sheets = PACKAGES.flatMap((name) => cssFiles(path.join(ROOT, name, 'src'))).map((file) => ({ file: path.relative(ROOT, file), css: readFileSync(file, 'utf8') }));
  const keyframes = new Map([...sheets.flatMap(({ css }) => [...keyframeProperties(css)])]);

  it('finds the sheets and their keyframes', () => {
    expect(sheets.length).toBeGreaterThan(10);
    expect(keyframes.get('sf-shimmer')).toBeDefined();
  });

  it('move only transform or opacity, which the compositor draws without the main thread', () => {
    const painted = sheets.flatMap(({ file, css }) =>
      endlessAnimationNames(css, new Set(keyframes.keys())).flatMap((name) => {
        const others = [...(keyframes.get(name) ?? [])].filter((property) => !COMPOSITED.has(property));
        return others.length > 0 ? [`${file}: ${name} animates ${others.join(', ')}`] : [];
      }),
    );
    expect(painted).toEqual([]);
  });

  it('tells a painted endless animation from a composited one', () => {
    const css = '@keyframes glow { from { background-position: 0 0; } to { background-position: 100% 0; } } @keyframes spin { to { transform: rotate(360deg); } } .a { animation: glow 1s infinite; } .b { animation: spin 1s linear infinite; }';
    const frames = keyframeProperties(css);
    expect([...(frames.get('glow') ?? [])]).toEqual(['background-position']);
    expect([...(frames.get('spin') ?? [])]).toEqual(['transform']);
    expect(endlessAnimationNames(css, new Set(frames.keys()))).toEqual(['glow', 'spin']);
  });
});
