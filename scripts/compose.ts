/**
 * `npm run compose -- <command>`, for release managers: which released version of each remote is
 * live, changed only by numbered revisions that pass the checks and record who made them and why
 * (scripts/lib/composeCommand.ts). `help` lists the commands and options. Exits 0 when the
 * command did what it was asked, 1 when it was refused or failed.
 */
import { reportComposeError, runCompose } from './lib/composeCommand';

runCompose(process.argv.slice(2)).then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    reportComposeError(error);
    process.exit(1);
  },
);
