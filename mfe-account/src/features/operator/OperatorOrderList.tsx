import { formatRand, Link, selectApiBase, Skeleton, useAppSelector, useSearchParams } from '@storefront/shared';
import { ORDER_STATUS_LABELS } from '@storefront/shared/domain';
import { formatOrderDateTime } from '../orders/orderDates';
import { accessProblem, OperatorAccessNotice } from './OperatorAccess';
import { OrderFilters } from './OrderFilters';
import { PaidTotals } from './PaidTotals';
import { useGetOperatorOrdersQuery } from './operatorApi';
import { operatorSearchParams, operatorSearchText, readOperatorSearch, type OperatorListSearch } from './operatorSearch';
import { ListPager } from './ListPager';

const PAYMENT_NAMES = { eft: 'EFT', cod: 'Cash' } as const;
const DELIVERY_NAMES = { delivery: 'Delivery', collect: 'Collect' } as const;

function Pager({ search, pages }: { search: OperatorListSearch; pages: number }) {
  return <ListPager page={search.page} pages={pages} label="Pages of orders" hrefOf={(to) => `/operator${operatorSearchText({ ...search, page: to })}`} />;
}

function OrderRows({ search }: { search: OperatorListSearch }) {
  const { currentData: found, error, isFetching, refetch } = useGetOperatorOrdersQuery(search);
  const problem = accessProblem(error);
  if (problem) return <OperatorAccessNotice problem={problem} heading={false} />;
  if (!found && isFetching) {
    return (
      <div aria-busy="true" data-testid="orders-loading">
        <Skeleton height="40px" />
        <Skeleton height="40px" />
        <Skeleton height="40px" />
      </div>
    );
  }
  if (!found) {
    return (
      <div className="sf-notice" role="alert">
        <p>We couldn’t load the orders just now.</p>
        <button type="button" className="sf-button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(found.total_count / found.per_page));
  if (found.orders.length === 0) {
    const filtered = search.status !== null || search.q !== '';
    return (
      <div className="sf-notice">
        <p>{found.total_count > 0 ? `There is no page ${search.page}: the list has ${pages}.` : 'No orders match.'}</p>
        {(filtered || search.page > 1) && <Link to="/operator">Show every order</Link>}
      </div>
    );
  }
  return (
    <>
      <p className="acc-muted" role="status">
        {found.total_count === 1 ? '1 order' : `${found.total_count} orders`}, newest first
      </p>
      <table className="acc-orders acc-table--stack op-orders">
        <caption className="sf-visually-hidden">Orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col">State</th>
            <th scope="col">Delivery and payment</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {found.orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" className="op-nowrap">
                <Link to={`/operator/orders/${encodeURIComponent(order.number)}`} state={{ list: operatorSearchText(search) }}>
                  {order.number}
                </Link>
              </th>
              <td data-label="Placed">{formatOrderDateTime(order.created_at)}</td>
              <td data-label="Customer">
                <span className="op-customer">
                  <span>{order.name}</span>
                  <span className="acc-muted op-email">{order.email}</span>
                </span>
              </td>
              <td data-label="State" className="op-nowrap">
                {ORDER_STATUS_LABELS[order.status]}
              </td>
              <td data-label="Delivery and payment">
                {DELIVERY_NAMES[order.delivery_method]}, {PAYMENT_NAMES[order.payment_method]}
              </td>
              <td data-label="Total" className="op-nowrap">
                {formatRand(order.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager search={search} pages={pages} />
    </>
  );
}

/** /operator: paid totals, then every order, newest first, by state and search, a page at a time. */
export function OperatorOrderList() {
  const [params, setParams] = useSearchParams();
  const search = readOperatorSearch(params);
  const apiBase = useAppSelector(selectApiBase);
  // The same filter, every page of it: the api answers it as a file (Content-Disposition).
  const csvQuery = operatorSearchParams({ status: search.status, q: search.q }).toString();
  const csvHref = `${apiBase.replace(/\/$/, '')}/operator/orders.csv${csvQuery ? `?${csvQuery}` : ''}`;
  return (
    <>
      <div className="op-head">
        <h1>Orders</h1>
        <a className="sf-button sf-button--ghost" href={csvHref} download>
          Export CSV
        </a>
      </div>
      <PaidTotals />
      <OrderFilters search={search} onFilter={(filter) => setParams(operatorSearchParams({ ...filter, page: 1 }))} />
      <OrderRows search={search} />
    </>
  );
}
