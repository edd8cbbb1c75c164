import { formatRand, Skeleton, type PaidTotals as Totals } from '@storefront/shared';
import { useGetOperatorSummaryQuery } from './operatorApi';

function ordersCount(count: number): string {
  return `${count} ${count === 1 ? 'order' : 'orders'}`;
}

function Period({ title, totals }: { title: string; totals: Totals }) {
  return (
    <div className="op-total">
      <dt>{title}</dt>
      <dd>
        <strong className="op-total__amount">{formatRand(totals.total)}</strong>
        <span className="acc-muted">{ordersCount(totals.count)}</span>
      </dd>
    </div>
  );
}

/** Money that came in today and this month (shop time), as the api counts it: paid, and not cancelled since. */
export function PaidTotals() {
  const { data: summary, isLoading, isError, refetch } = useGetOperatorSummaryQuery();
  let body;
  if (isLoading) body = <Skeleton height="64px" />;
  else if (isError || !summary) {
    body = (
      <p className="acc-muted" role="alert">
        The totals could not be loaded.{' '}
        <button type="button" className="acc-link" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  } else {
    body = (
      <dl className="op-totals">
        <Period title="Paid today" totals={summary.today} />
        <Period title="Paid this month" totals={summary.month} />
      </dl>
    );
  }
  return (
    <section aria-labelledby="op-totals-title" aria-busy={isLoading}>
      <h2 id="op-totals-title" className="sf-visually-hidden">
        Paid totals
      </h2>
      {body}
    </section>
  );
}
