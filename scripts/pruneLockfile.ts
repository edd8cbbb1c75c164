/**
 * The registry this project installs from carries only some platforms' native binaries (for
 * @swc/core, @rspack/binding, unrs-resolver, …). `npm install` then writes a lockfile whose
 * packages name optional platform packages it could not record, and `npm ci` refuses that
 * lockfile ("Missing: @swc/core-darwin-arm64@ from lock file"). This drops the optional edges
 * that point at packages absent from the lockfile. Run it after `npm install`:
 *
 *   npm run lockfile:prune
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const file = path.resolve(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const locations = new Set(Object.keys(lock.packages));

/** Where npm would look for `name` from the package at `location`: its own node_modules, then each parent's. */
function isLocked(location: string, name: string): boolean {
  let base = location;
  for (;;) {
    if (locations.has(`${base ? `${base}/` : ''}node_modules/${name}`)) return true;
    const parent = base.lastIndexOf('/node_modules/');
    if (base === '') return false;
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

let pruned = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  const optional = entry.optionalDependencies;
  if (!optional) continue;
  for (const name of Object.keys(optional)) {
    if (!isLocked(location, name)) {
      delete optional[name];
      pruned += 1;
    }
  }
  if (Object.keys(optional).length === 0) delete entry.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: dropped ${pruned} optional platform packages this registry does not carry`);
