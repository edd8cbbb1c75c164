/**
 * What several of the edge's test files stand on: a shell build folder made for a file's tests,
 * the composition naming the remotes' working builds beside it, a policy header read as its
 * directives, and a loader with no server container for any remote.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { CompositionSource } from '../composition';
import type { Ports } from '../packages';

/** Long enough to be worth compressing (1 KB). */
export const DESCRIPTION = `<meta name=description content="${'Clothing, electronics, accessories and toys, delivered across South Africa. '.repeat(16)}">`;
export const INDEX =
  `<!doctype html><html><head>${DESCRIPTION}<title>Jacaranda</title><!--#edge:before-scripts--><script defer src=/main.0123456789.js></script><!--#edge:end-of-head--></head><body><!--#edge:root--><div id=root></div><!--#/edge:root--></body></html>`;

export interface ShellBuild {
  /** The folder everything of the file's is made in, the shell's build too. */
  work: string;
  shellDist: string;
  /** Where the composition file goes (not there until a test writes it). */
  compositionFile: string;
  /** Where the edge finds its composition: the file made here, the working builds at 1.0.0 until there is one. */
  compositionSource: (overrides?: Partial<CompositionSource>) => CompositionSource;
}

/**
 * A shell build for the tests of the file that calls this, at its top level: its folder is named
 * now, made in the file's beforeAll and removed in its afterAll. It holds the page, a hashed
 * script with its brotli copy and source map, the server bundle, and a file named as a page. The
 * composition names the remotes' working builds on four ports from `firstRemotePort`, where
 * nothing answers: each file its own, as jest runs files side by side.
 */
export function shellBuild(prefix: string, firstRemotePort: number): ShellBuild {
  const work = path.join(os.tmpdir(), `${prefix}${randomUUID()}`);
  const shellDist = path.join(work, 'shell');
  const compositionFile = path.join(work, 'composition/composition.json');
  const ports: Ports = {
    api: 1,
    shell: 2,
    remotes: { 'mfe-catalog': firstRemotePort, 'mfe-product': firstRemotePort + 1, 'mfe-cart': firstRemotePort + 2, 'mfe-account': firstRemotePort + 3 },
  };

  beforeAll(async () => {
    await mkdir(work);
    await mkdir(path.join(shellDist, 'server'), { recursive: true });
    await writeFile(path.join(shellDist, 'index.html'), INDEX);
    const script = 'console.log("the shell");'.repeat(40);
    await writeFile(path.join(shellDist, 'main.0123456789.js'), script);
    await writeFile(path.join(shellDist, 'main.0123456789.js.br'), zlib.brotliCompressSync(script));
    await writeFile(path.join(shellDist, 'main.0123456789.js.map'), '{"version":3}');
    await writeFile(path.join(shellDist, 'server/render.js'), 'exports.secret = 1;');
    // A file named as a page: the page answers, never the file.
    await writeFile(path.join(shellDist, 'shop'), 'not a page');
  });

  afterAll(() => rm(work, { recursive: true, force: true }));

  return {
    work,
    shellDist,
    compositionFile,
    compositionSource: (overrides = {}) => ({
      ports,
      publicHost: 'localhost',
      file: compositionFile,
      workingVersions: { 'mfe-catalog': '1.0.0', 'mfe-product': '1.0.0', 'mfe-cart': '1.0.0', 'mfe-account': '1.0.0' },
      shellManifest: path.join(shellDist, 'mf-manifest.json'),
      knownGoodAfterMs: 30 * 60_000,
      ...overrides,
    }),
  };
}

export function policy(header: string | string[] | undefined): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** A loader with no server container for any remote. */
export const noBundle = () => Promise.resolve(null);
