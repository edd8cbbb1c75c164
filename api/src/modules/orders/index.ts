/**
 * What orders give other modules and the shop's command line: an order as its shopper and the
 * staff see it, moving an order along its life, and the staff's lists and exports.
 */
export { listOrdersForOperator, ordersCsv, paidTotals, type OrderFilter } from './operatorQueries';
export { moveOrder, operatorOrder, shopperOrder, type ChangeContext, type OrderTerms } from './orderLife';
export { OPERATOR_TYPED_ORDER_NUMBER } from './orderNumber';
export { findOrderByNumber, listOrders, matchOperatorOrderNumber, type OperatorNumberMatch } from './orderQueries';
export { OperatorOrderListQuerySchema, OperatorOrderNumberParamsSchema } from './orderSchemas';
