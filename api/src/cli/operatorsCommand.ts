/**
 * `npm run operators -- <command>`: who may run the shop's orders (/operator). An operator is an
 * account with the operator role: the person signs up in the store first, then is added here.
 */
import { runCommandLine, CommandError, type ShopAccess } from './shopAccess';

export const OPERATORS_USAGE = `usage: npm run operators -- <command>
  add <email>      make the account with this email an operator (it signs up in the store first)
  remove <email>   make it a shopper's account again
  list             the operators`;

export async function runOperatorsCommand(args: readonly string[], open: () => Promise<ShopAccess>, out: (text: string) => void): Promise<number> {
  const [command, email, extra] = args;
  if (!command || command === 'help' || command === '--help') {
    out(OPERATORS_USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'list' && command !== 'add' && command !== 'remove') throw new CommandError(`unknown command "${command}"\n${OPERATORS_USAGE}`);
  if (command !== 'list' && (!email || extra !== undefined || !/^[^\s@]+@[^\s@]+$/.test(email.trim()))) {
    throw new CommandError(`${command} needs one email address\n${OPERATORS_USAGE}`);
  }
  const shop = await open();
  try {
    if (command === 'list') {
      const operators = await shop.operators();
      if (operators.length === 0) out('No operators yet: npm run operators -- add <email>');
      for (const operator of operators) out(`${operator.email}  ${operator.name}`);
      return 0;
    }
    const outcome = command === 'add' ? await shop.grant(email ?? '') : await shop.revoke(email ?? '');
    switch (outcome.kind) {
      case 'no_account':
        throw new CommandError(`No account has the email ${outcome.email}: its owner signs up in the store first, then run this again.`);
      case 'granted':
        out(`${outcome.email} is now an operator: signed in, they see the shop's orders at /operator.`);
        return 0;
      case 'already':
        out(`${outcome.email} was already an operator.`);
        return 0;
      case 'revoked':
        out(`${outcome.email} is no longer an operator.`);
        return 0;
      case 'not_operator':
        out(`${outcome.email} was not an operator.`);
        return 0;
    }
  } finally {
    await shop.close();
  }
}

if (require.main === module) runCommandLine(runOperatorsCommand);
