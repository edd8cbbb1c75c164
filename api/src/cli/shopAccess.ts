import type { OperatorOrder, OperatorOrderPage, OperatorSummary, OrderMoveRequest } from '@storefront/shared/types';
import pino from 'pino';
import type { Database } from '../db/database';
import { createDatabase } from '../db/openDatabase';
import { migrate } from '../db/migrate';
import { mailShopOf } from '../mail/layout';
import { createMailer, type Mailer } from '../mail/mailer';
import { outboxOverview, retryOutboxMail, type MailStatus, type OutboxEntry, type RetryTarget } from '../mail/outbox';
import { readMachineCredentials, type MachineCredentialFile } from '../identity/machineCredential';
import { COMMAND_LINE_ACTOR, grantOperator, listOperators, revokeOperator, type RoleOutcome } from '../modules/operators';
import { type ChangeContext, findOrderByNumber, listOrdersForOperator, matchOperatorOrderNumber, moveOrder, OPERATOR_TYPED_ORDER_NUMBER, operatorOrder, type OrderFilter, ordersCsv, paidTotals } from '../modules/orders';
import { readSettings, SettingsError, type ApiSettings } from '../settings';
import { exportCatalogue, importCatalogue, type ImportOutcome, type ImportProgress, type ImportRequest, makeNextPicture, pictureReport, PictureRefused, storeUpload } from '../modules/catalogueFiles';

/** Why a command could not do what it was asked; its message is for the person at the terminal. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

/** What the command line can do to the shop's orders and operators, whichever way it reaches them. */
export interface ShopAccess {
  /** "the running api at …" or "the database at …", for the first line a command prints. */
  readonly via: string;
  listOrders(filter: OrderFilter, page: number): Promise<OperatorOrderPage>;
  getOrder(number: string): Promise<OperatorOrder>;
  move(number: string, move: OrderMoveRequest): Promise<OperatorOrder>;
  summary(): Promise<OperatorSummary>;
  csv(filter: OrderFilter): Promise<string>;
  /** Makes an operator; with `catalogue`, one who may also edit the catalogue. */
  grant(email: string, catalogue?: boolean): Promise<RoleOutcome>;
  /** Takes the operator role (and the catalogue role); with `catalogueOnly`, the catalogue role alone. */
  revoke(email: string, catalogueOnly?: boolean): Promise<RoleOutcome>;
  operators(): Promise<{ email: string; name: string; catalogue: boolean }[]>;
  /** The outbox's counts and its newest `limit` mails, of one state or all. */
  listMail(status: MailStatus | null, limit: number): Promise<{ counts: Record<MailStatus, number>; mail: OutboxEntry[] }>;
  /** Sends mails again from now: the ids given, or every failed one. */
  retryMail(target: RetryTarget): Promise<{ queued: string[]; notRetried: string[] }>;
  /** Keeps a picture's bytes for an import; answers their digest, or throws PictureRefused with why. */
  uploadPicture(bytes: Buffer): Promise<string>;
  /** `onProgress` hears how the writing goes, straight to the database; a running api says only when it is done. */
  importCatalogue(request: ImportRequest, onProgress?: ImportProgress): Promise<ImportOutcome>;
  exportCatalogue(): Promise<string>;
  pictures(): Promise<{ waiting: number; ready: number; failed: { link: string; source: string; problem: string }[] }>;
  /**
   * Makes the next waiting picture here and now, for a database no api is running on (false when
   * none waits); null through a running api, which makes them itself.
   */
  makeNextPicture: (() => Promise<boolean>) | null;
  close(): Promise<void>;
}

function query(filter: OrderFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  if (page !== undefined) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Through the running api, with the credential it wrote for this machine. */
function throughApi(credential: MachineCredentialFile): ShopAccess {
  async function call<T>(method: string, path: string, body?: unknown, as: 'json' | 'text' = 'json'): Promise<T> {
    const bytes = Buffer.isBuffer(body);
    const response = await fetch(`${credential.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${credential.token}`,
        ...(body === undefined ? {} : { 'content-type': bytes ? 'application/octet-stream' : 'application/json' }),
      },
      body: body === undefined ? undefined : bytes ? new Uint8Array(body) : JSON.stringify(body),
      // An import of a large catalogue is one transaction: minutes, not seconds.
      signal: AbortSignal.timeout(path.startsWith('/operator/catalogue') ? 15 * 60_000 : 30_000),
    });
    if (!response.ok) {
      const answer = (await response.json().catch(() => null)) as { message?: string; error?: string } | null;
      if (answer?.error === 'invalid_picture') throw new PictureRefused((answer.message ?? '').replace(/^body: /, ''));
      throw new CommandError(answer?.message ?? `the api answered ${response.status}`);
    }
    return (as === 'json' ? response.json() : response.text()) as Promise<T>;
  }
  const number = (value: string) => encodeURIComponent(value.trim());
  return {
    via: `the running api at ${credential.url}`,
    listOrders: (filter, page) => call('GET', `/operator/orders${query(filter, page)}`),
    getOrder: (value) => call('GET', `/operator/orders/${number(value)}`),
    move: (value, move) => call('POST', `/operator/orders/${number(value)}/moves`, move),
    summary: () => call('GET', '/operator/summary'),
    csv: (filter) => call('GET', `/operator/orders.csv${query(filter)}`, undefined, 'text'),
    grant: async (email, catalogue = false) => {
      const answer = await call<{ outcome: RoleOutcome['kind']; email: string }>('POST', '/operator/operators', { email, catalogue });
      return { kind: answer.outcome, email: answer.email } as RoleOutcome;
    },
    revoke: async (email, catalogueOnly = false) => {
      const answer = await call<{ outcome: RoleOutcome['kind']; email: string }>('DELETE', '/operator/operators', { email, catalogue: catalogueOnly });
      return { kind: answer.outcome, email: answer.email } as RoleOutcome;
    },
    operators: () => call('GET', '/operator/operators'),
    listMail: (status, limit) => call('GET', `/operator/mail?${new URLSearchParams({ ...(status ? { status } : {}), limit: String(limit) }).toString()}`),
    retryMail: async (target) => {
      const answer = await call<{ queued: string[]; not_retried: string[] }>('POST', '/operator/mail/retry', 'ids' in target ? { ids: target.ids } : { all_failed: true });
      return { queued: answer.queued, notRetried: answer.not_retried };
    },
    uploadPicture: async (bytes) => (await call<{ digest: string }>('POST', '/operator/catalogue/pictures', bytes)).digest,
    importCatalogue: async (request) => {
      const answer = await call<Omit<ImportOutcome, 'picturesWaiting' | 'dryRun'> & { pictures_waiting: number; dry_run: boolean }>('POST', '/operator/catalogue/import', {
        csv: request.csv,
        files: request.files,
        dry_run: request.dryRun,
        remove_missing: request.removeMissing,
      });
      const { pictures_waiting, dry_run, ...rest } = answer;
      return { ...rest, picturesWaiting: pictures_waiting, dryRun: dry_run };
    },
    exportCatalogue: () => call('GET', '/operator/catalogue/export.csv', undefined, 'text'),
    pictures: () => call('GET', '/operator/catalogue/pictures'),
    makeNextPicture: null,
    close: async () => {},
  };
}

/**
 * An order number typed on the command line, whole (JAC-2026-000123) or its serial alone (123),
 * checked here so that both ways to the shop refuse what is not one in the same words.
 */
export function orderNumberArgument(value: string): string {
  if (!new RegExp(OPERATOR_TYPED_ORDER_NUMBER).test(value)) {
    throw new CommandError(`"${value}" is not an order number: give it whole (JAC-2026-000123) or its last digits (123)`);
  }
  return value.trim();
}

/** Straight to the database: the api is not running on this data folder, or the database is a server. */
export function directShopAccess(database: Database, mail: Mailer, settings: ApiSettings, via: string): ShopAccess {
  const terms = { eft: settings.eft, paymentWindowHours: settings.paymentWindowHours };
  const context: ChangeContext = { terms, mail, storefrontUrl: settings.storefrontUrl };
  /** The stored number `value` names, as the api's operator routes find it. */
  const numberOf = async (value: string) => {
    const match = await matchOperatorOrderNumber(database, orderNumberArgument(value));
    if (match.kind !== 'found') throw new CommandError(match.message);
    return match.number;
  };
  const found = async (value: string) => {
    const number = await numberOf(value);
    const order = await findOrderByNumber(database, number);
    if (!order) throw new CommandError(`No order ${number}.`);
    return operatorOrder(order, terms);
  };
  return {
    via,
    listOrders: (filter, page) => listOrdersForOperator(database, filter, page),
    getOrder: found,
    async move(value, move) {
      const number = await numberOf(value);
      const outcome = await moveOrder(database, number, move, COMMAND_LINE_ACTOR, context);
      switch (outcome.kind) {
        case 'moved':
          return operatorOrder(outcome.order, terms);
        case 'not_found':
          throw new CommandError(`No order ${number}.`);
        case 'refused':
        case 'bad_field':
          throw new CommandError(outcome.message);
      }
    },
    summary: () => paidTotals(database),
    csv: (filter) => ordersCsv(database, filter),
    grant: (email, catalogue) => grantOperator(database, email, catalogue),
    revoke: (email, catalogueOnly) => revokeOperator(database, email, catalogueOnly),
    operators: () => listOperators(database),
    listMail: (status, limit) => outboxOverview(database, status, limit),
    // Sent when the command closes (below), or by the api once it runs.
    retryMail: (target) => retryOutboxMail(database, target, mail.now()),
    uploadPicture: (bytes) => storeUpload(database, bytes),
    importCatalogue: (request, onProgress) => importCatalogue(database, request, onProgress),
    exportCatalogue: () => exportCatalogue(database),
    pictures: () => pictureReport(database),
    makeNextPicture: () => makeNextPicture(database),
    async close() {
      await mail.idle();
      await mail.close();
      await database.close();
    },
  };
}

/**
 * The shop, as the command line reaches it. An embedded database has one owner: while the api runs
 * on it, commands go through the api (with the credential it wrote for this machine); otherwise
 * they open the folder themselves. A PostgreSQL server is always opened directly.
 */
export async function openShopAccess(settings: ApiSettings): Promise<ShopAccess> {
  if (!settings.databaseUrl) {
    // Any running api will do: with several (API_PROCESSES) each has its own credential.
    for (const credential of await readMachineCredentials(settings.dataDir)) {
      try {
        await fetch(`${credential.url}/health`, { signal: AbortSignal.timeout(5_000) });
        return throughApi(credential);
      } catch {
        // A credential left by an api that did not stop cleanly: try the next, else the folder is
        // free (or its lock says whose it is).
      }
    }
  }
  const database = await createDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, timeouts: settings.databaseTimeouts });
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  // Mail for the shopper is written to the outbox as the api writes it, and sent before the command
  // ends; what the mail server does not take then is sent by the api's senders. The log says only
  // what was not sent.
  const log = pino({ level: 'warn' }, pino.destination(2));
  const mail = createMailer({ database, devOutbox: settings.devOutbox, smtpUrl: settings.smtpUrl, from: settings.mailFrom, shop: mailShopOf(settings.shop), log, queue: settings.mailQueue });
  const via = settings.databaseUrl ? 'the PostgreSQL database' : `the database in ${settings.dataDir}`;
  return directShopAccess(database, mail, settings, via);
}

/** A problem the person at the terminal can fix from its message alone (no stack trace). */
function isExplained(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return (
    error instanceof CommandError ||
    error instanceof SettingsError ||
    error instanceof PictureRefused ||
    error.name === 'DataDirLockedError' ||
    (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
  );
}

/** Runs a command as a process: the api's settings from the environment, the exit code from the command. */
export function runCommandLine(
  run: (args: readonly string[], open: () => Promise<ShopAccess>, out: (text: string) => void) => Promise<number>,
): void {
  const print = (text: string) => void process.stdout.write(`${text}\n`);
  run(process.argv.slice(2), () => openShopAccess(readSettings(process.env)), print).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${isExplained(error) ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
