/**
 * Builds what the store serves that is missing or older than its sources, as `npm start` does
 * before it serves: `npm test` runs it once before the browser stages, so that the two stores
 * they start side by side never build at the same time (scripts/lib/testStages.ts).
 */
import { ensureBuilt } from './lib/ensureBuilt';

ensureBuilt((line) => console.log(`[build] ${line}`)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
