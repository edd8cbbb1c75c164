/**
 * The licences of what the shop runs and ships, read from package-lock.json: every package the
 * workspaces depend on at run time (never a build or test tool), and whether it reaches shoppers'
 * browsers (bundled by the shell or a remote) or runs on the shop's servers only. Written to
 * docs/licences.md by `npm run licences`; a test holds the page to the lockfile.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface LockEntry {
  version?: string;
  license?: string;
  dev?: boolean;
  devOptional?: boolean;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface Licensed {
  name: string;
  version: string;
  licence: string;
  /** Bundled into the pages shoppers load, or only run on the shop's machines. */
  where: 'browser' | 'server';
}

/** The workspaces whose code is bundled for shoppers' browsers. */
const BROWSER_WORKSPACES = ['shell', 'mfe-catalog', 'mfe-product', 'mfe-cart', 'mfe-account', 'shared'];

/** Build tools whose run-time code the bundles carry: the federation runtime and its webpack glue. */
const BUNDLED_BUILD_RUNTIMES = ['node_modules/@module-federation/runtime', 'node_modules/@module-federation/webpack-bundler-runtime'];

/** Licences that ask nothing of a shop but keeping their notice. */
const PERMISSIVE = /^(\(?)(MIT|MIT-0|ISC|BSD-2-Clause|BSD-3-Clause|Apache-2\.0|0BSD|BlueOak-1\.0\.0|CC0-1\.0|Unlicense|Python-2\.0)( OR .*)?\)?$/;

/** Where node would find `name` from the package at `from` (a lockfile path): its own node_modules, then each parent's. */
function resolve(packages: Record<string, LockEntry>, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/** Every run-time package and its licence, from a package-lock.json (lockfileVersion 3). */
export function licencesOf(lock: { packages: Record<string, LockEntry> }): Licensed[] {
  const { packages } = lock;
  const browser = new Set<string>();
  const walk = (from: string, seen: Set<string>) => {
    const entry = packages[from];
    if (!entry) return;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      let target = resolve(packages, from, name);
      if (target && packages[target]?.link) target = packages[target]?.resolved ?? null;
      if (!target || seen.has(target)) continue;
      seen.add(target);
      walk(target, seen);
    }
  };
  for (const workspace of BROWSER_WORKSPACES) walk(workspace, browser);
  for (const runtime of BUNDLED_BUILD_RUNTIMES.filter((key) => packages[key])) {
    browser.add(runtime);
    walk(runtime, browser);
  }
  const listed: Licensed[] = [];
  for (const [key, entry] of Object.entries(packages)) {
    if (!key.includes('node_modules/') || entry.link || ((entry.dev || entry.devOptional) && !browser.has(key))) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    listed.push({ name, version: entry.version ?? '?', licence: entry.license ?? 'none stated', where: browser.has(key) ? 'browser' : 'server' });
  }
  const unique = new Map(listed.map((item) => [`${item.name}@${item.version}`, item]));
  return [...unique.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

function list(items: readonly Licensed[]): string {
  return items.map((item) => `${item.name} ${item.version}`).join(', ');
}

/** docs/licences.md as the lockfile makes it. */
export function licencesPage(lock: { packages: Record<string, LockEntry> }): string {
  const all = licencesOf(lock);
  const asking = all.filter((item) => !PERMISSIVE.test(item.licence));
  const byLicence = new Map<string, Licensed[]>();
  for (const item of all) byLicence.set(item.licence, [...(byLicence.get(item.licence) ?? []), item]);
  const lines = [
    '# Licences',
    '',
    '<!-- Written by `npm run licences` from package-lock.json; a test holds it to the lockfile. -->',
    '',
    "The store's own code is the shop's, all rights reserved ([LICENSE](../LICENSE); every",
    'package.json says `UNLICENSED`). What it runs and ships of others is below: every package the',
    'workspaces need at run time, and the federation runtime the bundles carry (build and test',
    'tools left out), and where it runs.',
    '',
    '## What a shop must honour',
    '',
    '- **Every package**: keep its copyright and licence notice. The bundles keep the notices',
    '  their minifier preserves; the packages themselves carry theirs in `node_modules`.',
    '- **lightgallery** (the product page\'s picture viewer, shipped to browsers) is GPLv3 or',
    '  commercial. A shop that does not publish its own source under GPLv3 buys a licence from',
    '  lightgalleryjs.com and sets its key as `LIGHTGALLERY_LICENSE_KEY`; without one the viewer',
    '  runs on the open-source key.',
    '- **libvips** (`@img/sharp-libvips-*`, the picture maker on the server) is LGPL-3.0-or-later:',
    '  it is used unmodified, as the shared library sharp loads, which LGPL allows without',
    '  publishing the shop\'s code; whoever ships it on must let it be replaced or relinked.',
    '',
    `Licences other than the permissive ones (MIT, ISC, BSD, Apache-2.0, BlueOak, CC0, 0BSD) among them: ${asking.length === 0 ? 'none' : list(asking)}.`,
    '',
    '## Every run-time package, by licence',
    '',
    '| licence | in shoppers\' browsers | on the servers only |',
    '|---|---|---|',
  ];
  for (const [licence, items] of [...byLicence].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))) {
    const browser = items.filter((item) => item.where === 'browser');
    const server = items.filter((item) => item.where === 'server');
    lines.push(`| ${licence} | ${list(browser) || '—'} | ${list(server) || '—'} |`);
  }
  return `${lines.join('\n')}\n`;
}

export function readLock(root: string): { packages: Record<string, LockEntry> } {
  return JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
}
