/**
 * Every reference in the repository's code and docs leads somewhere a reader of a clone can
 * follow. The product brief the store was built from, and the conventions page it started from,
 * are kept outside the repository: nothing may point at their numbered sections (a section sign)
 * or name those files. Nor may anything point at an issue of the team's tracker by its number,
 * which a clone does not show. A comment states the rule it enforces, or links the page that says
 * it in the store's own words (docs/behaviour.md, by a heading's anchor); and every such anchor
 * must be a heading the page has, as GitHub makes them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');

/** The kinds of file checked: source, styles, pages, docs, the database's migrations and the CI script. */
const CHECKED = /(?:\.(?:ts|tsx|js|mjs|css|md|html|json|sql)|^\.ci\/run)$/;
/** Files written by tools or kept as they came. */
const SKIPPED = new Set(['package-lock.json', 'LICENSE']);

const SECTION_SIGN = '\u00a7';

/** What points outside the repository, and how the failure names it. */
const OUTSIDE: readonly { pattern: RegExp; what: string }[] = [
  { pattern: new RegExp(SECTION_SIGN), what: 'a section sign: state the rule, or link docs/behaviour.md (a law or a standard: write "section")' },
  { pattern: /\bstorefront\.md\b/, what: 'the product brief, which is not in the repository: link docs/behaviour.md' },
  {
    pattern: new RegExp(`\\bARCHITECTURE(?:\\.md\\b|\\s*${SECTION_SIGN}|\\s+\\d)`),
    what: 'the outside conventions page: state the convention, or link docs/architecture.md',
  },
  { pattern: /\b[Ii]ssues? \d+/, what: "an issue of the team's tracker, which a clone cannot show: state the rule or the fact itself" },
];

/** The pages whose anchors code and docs link to, by the file name a link uses. */
const ANCHORED_PAGES: Readonly<Record<string, string>> = {
  'behaviour.md': 'docs/behaviour.md',
  'architecture.md': 'docs/architecture.md',
};

/**
 * The repository's files of the kinds checked, from its root: those git tracks, and new ones it
 * would add (not ignored), so a page or test not yet committed is checked too; none deleted.
 */
function trackedFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return [...new Set(listed.split('\0'))]
    .filter((file) => CHECKED.test(file) && !file.split('/').includes('node_modules') && !SKIPPED.has(path.basename(file)))
    .filter((file) => existsSync(path.join(root, file)));
}

/** Each line of `text` that points outside the repository, as "file:line: what: the line". */
function outsideReferences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) =>
    OUTSIDE.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${file}:${index + 1}: ${what}: ${line.trim()}`),
  );
}

/** GitHub's anchor for a heading's text: lower case, punctuation and markup dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown page's headings (outside code fences); a repeated one gets -1, -2, … */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = slug(heading[1]);
    const repeats = seen.get(base) ?? 0;
    seen.set(base, repeats + 1);
    anchors.add(repeats === 0 ? base : `${base}-${repeats}`);
  }
  return anchors;
}

/** Each link in `text` to an anchor of a page in ANCHORED_PAGES (or, in that page, to its own): page, anchor, line. */
function anchorLinks(file: string, text: string): { page: string; anchor: string; line: number }[] {
  const names = Object.keys(ANCHORED_PAGES).map((name) => name.replace('.', '\\.'));
  const toPage = new RegExp(`(?<![\\w-])(${names.join('|')})#([\\p{L}\\p{M}\\p{N}_-]+)`, 'gu');
  const ownPage = Object.entries(ANCHORED_PAGES).find(([, page]) => page === file)?.[1];
  return text.split('\n').flatMap((line, index) => [
    ...[...line.matchAll(toPage)].map((match) => ({ page: ANCHORED_PAGES[match[1] ?? ''] ?? '', anchor: match[2] ?? '', line: index + 1 })),
    ...(ownPage ? [...line.matchAll(/\]\(#([\p{L}\p{M}\p{N}_-]+)\)/gu)].map((match) => ({ page: ownPage, anchor: match[1] ?? '', line: index + 1 })) : []),
  ]);
}

describe('references outside the repository', () => {
  const files = trackedFiles(ROOT).map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

  it('finds the tracked sources and docs', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files.map(({ file }) => file)).toEqual(expect.arrayContaining(['README.md', 'docs/behaviour.md', 'shared/src/api/messages.ts']));
  });

  it('are none: no section of an outside document is pointed at, neither of its files is named, and no tracker issue by its number', () => {
    expect(files.flatMap(({ file, text }) => outsideReferences(file, text))).toEqual([]);
  });

  it('links to docs/behaviour.md and docs/architecture.md name headings those pages have', () => {
    const anchors = new Map(Object.values(ANCHORED_PAGES).map((page) => [page, headingAnchors(readFileSync(path.join(ROOT, page), 'utf8'))]));
    const links = files.flatMap(({ file, text }) => anchorLinks(file, text).map((link) => ({ file, ...link })));
    expect(links.length).toBeGreaterThan(20);
    const broken = links.filter(({ page, anchor }) => !anchors.get(page)?.has(anchor)).map(({ file, line, page, anchor }) => `${file}:${line}: ${page} has no heading #${anchor}`);
    expect(broken).toEqual([]);
  });

  it('tells an outside reference from the repository’s own', () => {
    const brief = ['storefront', 'md'].join('.');
    const conventions = 'ARCHITECTURE';
    expect(outsideReferences('a.ts', `/** The phone rule (${SECTION_SIGN}5). */`)).toHaveLength(1);
    expect(outsideReferences('a.md', `As ${brief} says`)).toHaveLength(1);
    expect(outsideReferences('a.ts', `// ${conventions}.md and ${conventions} ${SECTION_SIGN}2`)).toHaveLength(2);
    expect(outsideReferences('a.ts', `// ${conventions} 5b`)).toEqual([`a.ts:1: ${OUTSIDE[2]?.what}: // ${conventions} 5b`]);
    const issue = 'issue';
    expect(outsideReferences('a.ts', `/**\n * One process owns a folder (${issue} 27).\n */`)).toEqual([`a.ts:2: ${OUTSIDE[3]?.what}: * One process owns a folder (${issue} 27).`]);
    expect(outsideReferences('a.md', `Status: accepted (${issue} 30).\n${'Issue'} 9's goal, the goals of ${issue}s 9 and 32`)).toHaveLength(2);
    expect(outsideReferences('a.ts', `// The api ${issue}s the cookie; ${issue}d 2 days ago; mail #12; ${issue}r 5`)).toEqual([]);
    expect(outsideReferences('a.ts', '// The phone is +27 and 9 digits (docs/architecture.md, docs/behaviour.md).')).toEqual([]);
  });

  it('makes anchors as GitHub does, and finds the links to them', () => {
    expect([...headingAnchors('# How it behaves\n## Cart, wishlist and sign-in\n```\n# not a heading\n```\n### `Product` fields\n## Cart, wishlist and sign-in')]).toEqual([
      'how-it-behaves',
      'cart-wishlist-and-sign-in',
      'product-fields',
      'cart-wishlist-and-sign-in-1',
    ]);
    const page = ['behaviour', 'md'].join('.');
    expect(anchorLinks('a.ts', `// (docs/${page}#validation). See ../${page}#calls-and-fallbacks, not my${page}#x`)).toEqual([
      { page: 'docs/behaviour.md', anchor: 'validation', line: 1 },
      { page: 'docs/behaviour.md', anchor: 'calls-and-fallbacks', line: 1 },
    ]);
    expect(anchorLinks('docs/behaviour.md', 'the [figures](#shell-thresholds)')).toEqual([{ page: 'docs/behaviour.md', anchor: 'shell-thresholds', line: 1 }]);
  });
});
