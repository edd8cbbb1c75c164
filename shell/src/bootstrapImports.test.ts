/**
 * bootstrap.tsx evaluates the heavy packages one task each (react-dom, then the store's package,
 * then the shell's components: app/nextTask.ts), each an `import()` after a yield. A module it
 * imports statically is evaluated in the task that starts it, with everything that module imports
 * statically: one such import of the store's package (Redux Toolkit, its api and every endpoint)
 * made that task ~100 ms on a throttled phone, the page's longest. This walks the shell's own
 * modules bootstrap.tsx reaches statically and names the packages they import at run time.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const SRC = __dirname;
/** `import … from 'x'` and `export … from 'x'`, but not `import type`. */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function fileOf(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

/** The packages (and the shell's CSS) imported statically from `entry`, through the shell's own modules. */
function staticPackages(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('.')) {
        const next = fileOf(file, specifier);
        if (next) visit(next);
        else packages.set(specifier, path.relative(SRC, file));
      } else if (!packages.has(specifier)) packages.set(specifier, path.relative(SRC, file));
    }
  };
  visit(entry);
  return packages;
}

describe('the modules bootstrap.tsx imports statically', () => {
  const packages = staticPackages(path.join(SRC, 'bootstrap.tsx'));

  it('are found (the walk reads the imports)', () => {
    expect(packages.has('react')).toBe(true);
    expect(packages.has('@storefront/shared/later-module')).toBe(true);
  });

  it('leave the store’s package, react-dom and the router to the later tasks', () => {
    for (const heavy of ['@storefront/shared', 'react-dom', 'react-dom/client', 'react-router-dom', '@reduxjs/toolkit', 'react-redux']) {
      expect([heavy, packages.get(heavy) ?? 'not imported']).toEqual([heavy, 'not imported']);
    }
  });
});
