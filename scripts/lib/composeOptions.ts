/**
 * The compose command's words: its commands, their options, and the rules for who made a change
 * (`--by`, COMPOSE_ACTOR, the OS user) and why (`--reason`), which every revision records.
 */
import os from 'node:os';

/** A command line the compose command cannot act on: said with the usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `usage: npm run compose -- <command> [options]

  list                                 released versions per remote, what is live, the live revision
  check                                check the live composition (a revision kept from before the
                                       checks is recorded as checked when it passes)
  check <file>                         check a composition file
  check <remote>=<version> …           could these go live? the live composition with them, checked;
                                       nothing is written
  set <remote>=<version> … [--reason <text>] [--by <name>] [--base <revision>]
                                       check, then make the new composition live as a new revision
  rollback --reason <text> [--to <revision>] [--by <name>] [--base <revision>]
                                       bring back the previous revision's composition (or that of
                                       --to), checked like set, as a new revision
  canary <remote>=<version> … --percent <p> [--reason <text>] [--by <name>] [--base <revision>]
                                       check, then give these versions to p% of browsers (each
                                       browser keeps its version on every page and visit) while
                                       the rest keep the live ones; the api aborts it on its own
                                       when its error rate or INP is worse than live's
  promote [--reason <text>] [--by <name>] [--base <revision>]
                                       check, then make the running canary's versions live for
                                       everyone (the old live versions stay in the history)
  promote --from <env> [--to <env>] [--reason <text>] [--by <name>] [--base <revision>]
                                       check, then make what environment --from runs live in --to
                                       (default production): the same releases, no rebuild, served
                                       from where --to serves its releases
  abort [--reason <text>] [--by <name>] [--base <revision>]
                                       end the running canary: everyone back on the live versions
                                       on their next page
  status [--hours <n>]                 how the live and canary versions do in shoppers' browsers:
                                       page views, error rate, p75 LCP and INP, server render
                                       failures, and where the abort rules stand (asks the
                                       running api)
  history [--limit <n>]                revisions newest first: who, when, what, why, known good
  diff <revision> <revision>           what differs between two revisions: versions, shared
                                       singletons, exposed modules
  help                                 this text

options:
  --env <name>         the environment the command works on (default production): each has its
                       own composition, revisions, known good and history; a lower-case letter,
                       then up to 31 lower-case letters, digits or hyphens
  --by <name>          who makes the change (else COMPOSE_ACTOR, else the OS user); 1 to 64
                       printable characters
  --reason <text>      why (required for rollback); at most 500 characters, no control characters
  --base <revision>    the revision the change is made on; refused unless it is still the newest
                       (without it: the revision the command read before checking)
  --to <revision>      rollback: the revision whose composition comes back (default: the one before
                       the live one)
  --from <env>, --to <env>
                       promote: from which environment to which (default production)
  --limit <n>          history: how many revisions to show (default 20)
  --percent <p>        canary: the share of browsers that get it, more than 0 and at most 100, to
                       one decimal place (10, 2.5)
  --hours <n>          status: the hours of page views the versions' figures cover (default 24)

remotes: catalog, product, cart, account (or mfe-catalog, …)

RELEASE_BASE_URL (set, canary, promote --from): where the chosen releases are served
from, such as https://cdn.example.co.za/{remote}; recorded with the environment's composition and
kept by its next changes. Unset: where the environment serves them now, at first each remote's
own server. DATABASE_URL: the compositions are kept in that PostgreSQL server, shared by every
edge; unset, in files on this machine (COMPOSITION_FILE).`;

/** The options each command takes; each takes a value. */
export const COMMAND_OPTIONS: Record<string, readonly string[]> = {
  list: ['env'],
  check: ['env'],
  set: ['by', 'reason', 'base', 'env'],
  rollback: ['by', 'reason', 'base', 'to', 'env'],
  canary: ['by', 'reason', 'base', 'percent', 'env'],
  promote: ['by', 'reason', 'base', 'env', 'from', 'to'],
  abort: ['by', 'reason', 'base', 'env'],
  status: ['hours', 'env'],
  history: ['limit', 'env'],
  diff: ['env'],
  help: [],
};

export interface CommandLine {
  command: string | undefined;
  positional: string[];
  options: Record<string, string>;
}

/** `set cart=1.0.3 --reason "fix" --by=thandi` → the command, its arguments and its options. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const [command, ...rest] = argv;
  const positional: string[] = [];
  const options: Record<string, string> = {};
  const allowed = command !== undefined ? COMMAND_OPTIONS[command] : undefined;
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index] ?? '';
    if (!argument.startsWith('--')) {
      positional.push(argument);
      continue;
    }
    const equals = argument.indexOf('=');
    const name = argument.slice(2, equals === -1 ? undefined : equals);
    if (allowed && !allowed.includes(name)) {
      throw new UsageError(allowed.length === 0 ? `${command} takes no options (got --${name})` : `${command} takes ${allowed.map((option) => `--${option}`).join(', ')}, not --${name}`);
    }
    let value: string | undefined;
    if (equals !== -1) value = argument.slice(equals + 1);
    else {
      value = rest[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      index += 1;
    }
    if (name in options) throw new UsageError(`--${name} is given twice`);
    options[name] = value;
  }
  return { command, positional, options };
}

/** Control, format, private-use and unassigned characters, and line or paragraph separators: what a record of who and why must not hold. */
const UNPRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/u;
export const MAX_ACTOR_LENGTH = 64;
export const MAX_REASON_LENGTH = 500;

/**
 * Who makes a change: `--by`, else COMPOSE_ACTOR, else the OS user. A name of 1 to 64 printable
 * characters, not blank.
 */
export function readActor(by: string | undefined, env: NodeJS.ProcessEnv, osUser: () => string = () => os.userInfo().username): string {
  let name: string;
  let source: string;
  if (by !== undefined) {
    name = by;
    source = '--by';
  } else if (env.COMPOSE_ACTOR?.trim()) {
    name = env.COMPOSE_ACTOR;
    source = 'COMPOSE_ACTOR';
  } else {
    try {
      name = osUser();
    } catch {
      throw new UsageError('cannot tell who you are (the OS user has no name): say it with --by <name> or COMPOSE_ACTOR');
    }
    source = 'the OS user name (change it with --by <name> or COMPOSE_ACTOR)';
  }
  const length = [...name].length;
  if (name.trim() === '' || length > MAX_ACTOR_LENGTH || UNPRINTABLE.test(name)) {
    throw new UsageError(`${source} must be a name of 1 to ${MAX_ACTOR_LENGTH} printable characters with no control characters, got ${JSON.stringify(name)}`);
  }
  return name;
}

/** Why a change is made: at most 500 characters, no control characters (a line of its own in the history). */
export function readReason(reason: string | undefined, required: boolean, command: string): string | null {
  if (reason === undefined) {
    if (required) throw new UsageError(`${command} needs a reason, recorded with the revision: --reason "<why>"`);
    return null;
  }
  const text = reason.trim();
  if (text === '') throw new UsageError('--reason is empty: say why, or leave --reason out');
  if ([...text].length > MAX_REASON_LENGTH) throw new UsageError(`--reason must be at most ${MAX_REASON_LENGTH} characters, got ${[...text].length}`);
  if (UNPRINTABLE.test(text)) throw new UsageError('--reason must be one line of printable characters (no control characters such as new lines or tabs)');
  return text;
}

/** A revision number or a count given on the command line: a whole number from 1. */
export function readPositiveNumber(value: string, what: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new UsageError(`${what} must be a whole number from 1, got "${value}"`);
  return Number(value);
}
