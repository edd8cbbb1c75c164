/**
 * The federation runtime's share of a first load: the code of the `@module-federation/*` packages
 * in the shell's first-load scripts, found through their source maps, gzipped at level 9 as one
 * text. Any store composed at run time pays for a runtime that loads remotes and negotiates their
 * shared modules; what federation costs beyond it (remote entries, the glue of each shared
 * module, code that two builds both carry) is what the bench holds to 5% of the monolith.
 * Gzipped alone, the runtime's text comes out a little larger than its share of the files it is
 * in, so the figure beyond it is, if anything, on the high side.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eachMapping, TraceMap, type EncodedSourceMap } from '@jridgewell/trace-mapping';
import { shellFirstLoadFiles } from '@storefront/e2e/first-load';
import { ROOT } from '@storefront/edge/packages';

const RUNTIME_SOURCE = /node_modules\/@module-federation\//;

/** The parts of `code` that its source map traces to the federation runtime's packages, in order. */
export function federationRuntimeText(code: string, map: EncodedSourceMap): string {
  const lines = code.split('\n');
  const segments: { line: number; column: number; runtime: boolean }[] = [];
  eachMapping(new TraceMap(map), (mapping) => {
    segments.push({ line: mapping.generatedLine - 1, column: mapping.generatedColumn, runtime: mapping.source !== null && RUNTIME_SOURCE.test(mapping.source) });
  });
  segments.sort((a, b) => a.line - b.line || a.column - b.column);
  let text = '';
  segments.forEach((segment, index) => {
    if (!segment.runtime) return;
    const next = segments[index + 1];
    const line = lines[segment.line] ?? '';
    text += line.slice(segment.column, next && next.line === segment.line ? next.column : line.length);
  });
  return text;
}

/** The runtime's gzipped bytes in the shell's first-load scripts (shell/dist/first-load.json); 0 when a script has no source map. */
export function federationRuntimeBytes(shellDist = path.join(ROOT, 'shell/dist')): number {
  const { files } = shellFirstLoadFiles(shellDist);
  const text = files
    .filter((file) => file.endsWith('.js') && existsSync(path.join(shellDist, `${file}.map`)))
    .map((file) => federationRuntimeText(readFileSync(path.join(shellDist, file), 'utf8'), JSON.parse(readFileSync(path.join(shellDist, `${file}.map`), 'utf8')) as EncodedSourceMap))
    .join('');
  return text === '' ? 0 : zlib.gzipSync(text, { level: 9 }).length;
}
