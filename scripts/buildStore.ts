/**
 * Builds what the store serves that is missing or older than its sources, as `npm start` does
 * before it serves: `npm test` runs it once, as a stage of its own, before the browser stages
 * (scripts/lib/testStages.ts).
 */
import { ensureBuilt } from './lib/ensureBuilt';

ensureBuilt((line) => console.log(`[build] ${line}`)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
