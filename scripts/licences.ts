/** `npm run licences`: writes docs/licences.md from package-lock.json (scripts/lib/licences.ts). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@storefront/edge/packages';
import { licencesPage, readLock } from './lib/licences';

const page = path.join(ROOT, 'docs', 'licences.md');
writeFileSync(page, licencesPage(readLock(ROOT)));
console.log(`[licences] wrote ${path.relative(ROOT, page)}`);
