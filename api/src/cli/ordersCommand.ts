/**
 * `npm run orders -- <command>`: the shop's orders from the command line, for scripts and for an
 * operator at the shop's machine. Works whether or not the store is running (shopAccess.ts).
 */
import { parseArgs } from 'node:util';
import { formatRand, ORDER_STATUS_LABELS, ORDER_STATUSES } from '@storefront/shared/domain';
import type { OperatorOrder, OrderMoveRequest, OrderStatus } from '@storefront/shared/types';
import { CommandError, orderNumberArgument, runCommandLine, type ShopAccess } from './shopAccess';

export const ORDERS_USAGE = `usage: npm run orders -- <command>
  list [--state <state>] [--search <text>] [--page <n>]   orders, newest first, 25 a page
  show <number>                                           one order with its history
                                                          (<number>: JAC-2026-000123, or 123)
  mark-paid <number> --reference <bank reference>        an EFT payment has reflected
  pack <number>
  ship <number> [--tracking <tracking number>]
  ready <number>                                          ready for collection
  deliver <number>
  collect <number>
  cancel <number> --reason <why>                          the shopper is mailed the reason
  summary                                                 money in today and this month
  export [--state <state>] [--search <text>]              CSV on standard output
states: ${ORDER_STATUSES.join(', ')}`;

/** Each moving command and the state it moves to. */
const MOVES: Record<string, OrderStatus> = {
  'mark-paid': 'paid',
  pack: 'packed',
  ship: 'shipped',
  ready: 'ready_for_collection',
  deliver: 'delivered',
  collect: 'collected',
  cancel: 'cancelled',
};

const MOMENT = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });

function describeOrder(order: OperatorOrder): string {
  const lines = [
    `${order.number}  ${ORDER_STATUS_LABELS[order.status]}  ${formatRand(order.total)}`,
    `  ${order.contact.first_name} ${order.contact.last_name} <${order.contact.email}> ${order.contact.phone}`,
    `  ${order.delivery_method === 'delivery' && order.address ? `deliver to ${order.address.street}, ${order.address.suburb}, ${order.address.city}, ${order.address.province} ${order.address.postal_code}` : 'collect in store'}; pays by ${order.payment_method === 'eft' ? 'EFT' : 'cash'}`,
    ...order.lines.map((line) => `  ${line.qty} × ${line.name}${line.colour || line.size ? ` (${[line.colour, line.size].filter(Boolean).join(', ')})` : ''}  ${formatRand(line.line_total)}`),
    '  history:',
    ...order.history.map((event) => `    ${MOMENT.format(new Date(event.at))}  ${ORDER_STATUS_LABELS[event.status]}${event.note ? ` (${event.note})` : ''}  by ${event.by}`),
  ];
  if (order.next_statuses.length > 0) lines.push(`  next: ${order.next_statuses.map((status) => ORDER_STATUS_LABELS[status].toLowerCase()).join(' or ')}`);
  return lines.join('\n');
}

function stateOf(value: string | undefined): OrderStatus | undefined {
  if (value === undefined) return undefined;
  const state = ORDER_STATUSES.find((known) => known === value);
  if (!state) throw new CommandError(`--state must be one of ${ORDER_STATUSES.join(', ')}, got "${value}"`);
  return state;
}

/** Runs one command; what it prints goes to `out` (standard output), and it answers the exit code. */
export async function runOrdersCommand(args: readonly string[], open: () => Promise<ShopAccess>, out: (text: string) => void): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    out(ORDERS_USAGE);
    return command ? 0 : 1;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      state: { type: 'string' },
      search: { type: 'string' },
      page: { type: 'string' },
      reference: { type: 'string' },
      tracking: { type: 'string' },
      reason: { type: 'string' },
    },
  });
  const filter = { status: stateOf(values.state), q: values.search };
  const shop = await open();
  try {
    if (command === 'list') {
      const page = values.page === undefined ? 1 : Number(values.page);
      if (!Number.isInteger(page) || page < 1) throw new CommandError(`--page must be a whole number from 1, got "${values.page}"`);
      const answer = await shop.listOrders(filter, page);
      const pages = Math.max(1, Math.ceil(answer.total_count / answer.per_page));
      out(`${answer.total_count} order${answer.total_count === 1 ? '' : 's'} (page ${answer.page} of ${pages}), through ${shop.via}`);
      for (const row of answer.orders) {
        out(`${row.number}  ${MOMENT.format(new Date(row.created_at))}  ${ORDER_STATUS_LABELS[row.status].padEnd(20)}  ${formatRand(row.total).padStart(12)}  ${row.name} <${row.email}>`);
      }
      return 0;
    }
    if (command === 'show') {
      const [number] = positionals;
      if (!number) throw new CommandError(`show needs an order number\n${ORDERS_USAGE}`);
      out(describeOrder(await shop.getOrder(orderNumberArgument(number))));
      return 0;
    }
    if (command === 'summary') {
      const { today, month } = await shop.summary();
      out(`paid today: ${today.count} order${today.count === 1 ? '' : 's'}, ${formatRand(today.total)}`);
      out(`paid this month: ${month.count} order${month.count === 1 ? '' : 's'}, ${formatRand(month.total)}`);
      return 0;
    }
    if (command === 'export') {
      out((await shop.csv(filter)).replace(/\r\n$/, ''));
      return 0;
    }
    const to = MOVES[command];
    if (!to) throw new CommandError(`unknown command "${command}"\n${ORDERS_USAGE}`);
    const [number, extra] = positionals;
    if (!number || extra !== undefined) throw new CommandError(`${command} needs one order number\n${ORDERS_USAGE}`);
    const move: OrderMoveRequest = {
      to,
      ...(values.reference !== undefined ? { reference: values.reference } : {}),
      ...(values.tracking !== undefined ? { tracking: values.tracking } : {}),
      ...(values.reason !== undefined ? { reason: values.reason } : {}),
    };
    const order = await shop.move(orderNumberArgument(number), move);
    out(`${order.number} is now ${ORDER_STATUS_LABELS[order.status].toLowerCase()} (through ${shop.via})`);
    return 0;
  } finally {
    await shop.close();
  }
}

if (require.main === module) runCommandLine(runOrdersCommand);
