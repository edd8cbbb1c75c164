/**
 * `npm run operators -- <command>`: who may run the shop's orders (/operator). An operator is an
 * account with the operator role: the person signs up in the store first, then is added here.
 */
import { runCommandLine, CommandError, type ShopAccess } from './shopAccess';

export const OPERATORS_USAGE = `usage: npm run operators -- <command>
  add <email> [--catalogue]      make the account with this email an operator (it signs up in the
                                 store first); --catalogue: one who may also edit products,
                                 pictures and stock (/operator/products)
  remove <email> [--catalogue]   make it a shopper's account again; --catalogue: take only the
                                 catalogue role, leaving an operator
  list                           the operators`;

export async function runOperatorsCommand(args: readonly string[], open: () => Promise<ShopAccess>, out: (text: string) => void): Promise<number> {
  const catalogue = args.includes('--catalogue');
  const [command, email, extra] = args.filter((arg) => arg !== '--catalogue');
  if (!command || command === 'help' || command === '--help') {
    out(OPERATORS_USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'list' && command !== 'add' && command !== 'remove') throw new CommandError(`unknown command "${command}"\n${OPERATORS_USAGE}`);
  if (command === 'list' && catalogue) throw new CommandError(`--catalogue is for add and remove\n${OPERATORS_USAGE}`);
  if (command !== 'list' && (!email || extra !== undefined || !/^[^\s@]+@[^\s@]+$/.test(email.trim()))) {
    throw new CommandError(`${command} needs one email address\n${OPERATORS_USAGE}`);
  }
  const shop = await open();
  try {
    if (command === 'list') {
      const operators = await shop.operators();
      if (operators.length === 0) out('No operators yet: npm run operators -- add <email>');
      for (const operator of operators) out(`${operator.email}  ${operator.name}${operator.catalogue ? '  (edits the catalogue)' : ''}`);
      return 0;
    }
    const outcome = command === 'add' ? await shop.grant(email ?? '', catalogue) : await shop.revoke(email ?? '', catalogue);
    switch (outcome.kind) {
      case 'no_account':
        throw new CommandError(`No account has the email ${outcome.email}: its owner signs up in the store first, then run this again.`);
      case 'granted':
        out(
          catalogue
            ? `${outcome.email} is now an operator who edits the catalogue: signed in, they see the shop's orders at /operator and its products at /operator/products.`
            : `${outcome.email} is now an operator: signed in, they see the shop's orders at /operator.`,
        );
        return 0;
      case 'already':
        out(`${outcome.email} was already an operator${catalogue ? ' who edits the catalogue' : ''}.`);
        return 0;
      case 'revoked':
        out(catalogue ? `${outcome.email} no longer edits the catalogue (still an operator).` : `${outcome.email} is no longer an operator.`);
        return 0;
      case 'not_operator':
        out(catalogue ? `${outcome.email} did not edit the catalogue.` : `${outcome.email} was not an operator.`);
        return 0;
    }
  } finally {
    await shop.close();
  }
}

if (require.main === module) runCommandLine(runOperatorsCommand);
