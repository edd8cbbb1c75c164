/** What the staff's module gives the shop's command line (and tests): who is an operator, and who the command line is. */
export { COMMAND_LINE_ACTOR } from './operatorRoutes';
export { grantOperator, listOperators, revokeOperator, type RoleOutcome } from './operators';
