/**
 * `npm run mail -- <command>`: the shop's mail outbox for its operators. Every mail the shop
 * sends waits there until the mail server takes it; one it could not send within the retry
 * window (or that the server refused for good) is listed as failed and can be sent again once
 * the server, or the address, is put right. Works whether or not the store is running (shopAccess.ts).
 */
import { parseArgs } from 'node:util';
import type { MailStatus, OutboxEntry } from '../mail/outbox';
import { CommandError, runCommandLine, type ShopAccess } from './shopAccess';

export const MAIL_USAGE = `usage: npm run mail -- <command>
  list [--failed | --pending | --sent] [--limit <n>]   the newest mail (50), with how many are in each state
  retry <id> [<id> ...]                                 send these mails again, now
  retry --failed                                        send every failed mail again, now`;

const MOMENT = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });
const when = (iso: string) => MOMENT.format(new Date(iso));

function describeMail(entry: OutboxEntry): string {
  const tries = `${entry.attempts} ${entry.attempts === 1 ? 'attempt' : 'attempts'}`;
  const state =
    entry.status === 'sent' && entry.sent_at
      ? `sent ${when(entry.sent_at)}`
      : entry.status === 'pending'
        ? `${tries}, next ${entry.next_attempt_at ? when(entry.next_attempt_at) : 'now'}`
        : entry.status === 'failed'
          ? tries
          : 'kept for the developer outbox';
  const reason = entry.last_error && entry.status !== 'sent' ? `\n      last: ${entry.last_error}` : '';
  return `#${entry.id}  ${entry.status.padEnd(7)}  ${when(entry.created_at)}  ${entry.recipient}  "${entry.subject}"  ${state}${reason}`;
}

/** Runs one command; what it prints goes to `out`, and it answers the exit code. */
export async function runMailCommand(args: readonly string[], open: () => Promise<ShopAccess>, out: (text: string) => void): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    out(MAIL_USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'list' && command !== 'retry') throw new CommandError(`unknown command "${command}"\n${MAIL_USAGE}`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { failed: { type: 'boolean' }, pending: { type: 'boolean' }, sent: { type: 'boolean' }, limit: { type: 'string' } },
  });
  const states = (['failed', 'pending', 'sent'] as const).filter((state) => values[state]);
  if (states.length > 1) throw new CommandError(`give one of --failed, --pending, --sent\n${MAIL_USAGE}`);
  const status: MailStatus | null = states[0] ?? null;

  if (command === 'list') {
    if (positionals.length > 0) throw new CommandError(`list takes no ids\n${MAIL_USAGE}`);
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new CommandError(`--limit must be a whole number from 1 to 500, got "${values.limit ?? ''}"`);
    const shop = await open();
    try {
      const { counts, mail } = await shop.listMail(status, limit);
      out(`${counts.pending} pending, ${counts.failed} failed, ${counts.sent} sent (${shop.via})`);
      if (mail.length === 0) out(status ? `No ${status} mail.` : 'No mail yet.');
      for (const entry of mail) out(describeMail(entry));
      if (status === 'failed' && mail.length > 0) out('Send them again with: npm run mail -- retry --failed (or retry <id>)');
      return 0;
    } finally {
      await shop.close();
    }
  }

  if (values.limit !== undefined || values.pending || values.sent) throw new CommandError(`retry takes ids or --failed\n${MAIL_USAGE}`);
  if (values.failed === (positionals.length > 0)) throw new CommandError(`retry needs ids or --failed (not both)\n${MAIL_USAGE}`);
  const ids = positionals.map((id) => id.replace(/^#/, ''));
  const notAnId = ids.find((id) => !/^\d{1,18}$/.test(id));
  if (notAnId !== undefined) throw new CommandError(`"${notAnId}" is not a mail id (the list shows them as #12)`);
  const shop = await open();
  try {
    const { queued, notRetried } = await shop.retryMail(values.failed ? { allFailed: true } : { ids });
    if (queued.length === 0 && notRetried.length === 0) out('No failed mail to send again.');
    if (queued.length > 0) out(`Sending again: ${queued.map((id) => `#${id}`).join(', ')} (${shop.via})`);
    if (notRetried.length > 0) {
      out(`Not sent again (already sent, kept for the developer outbox, or no such mail): ${notRetried.map((id) => `#${id}`).join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    await shop.close();
  }
}

if (require.main === module) runCommandLine(runMailCommand);
