import type { OrderEvent, OrderStatus } from '@storefront/shared';
import { ORDER_STATUS_LABELS } from '@storefront/shared/domain';
import { formatOrderDateTime } from './orderDates';

/** What an event's note is, by the state it moved to: the api keeps one free-text note per change. */
const NOTE_NAMES: Partial<Record<OrderStatus, string>> = {
  paid: 'Payment reference',
  shipped: 'Tracking number',
  cancelled: 'Reason',
};

/** An event as the shopper (no `by`) or the operator (who made it) sees it. */
type HistoryEvent = OrderEvent & { by?: string };

/**
 * An order's changes, oldest first, as an ordered list: each state in the shopper's words, when
 * (shop time), its note (tracking number, reason) and, for an operator, who made it.
 */
export function OrderHistory({ events, headingId, level = 3 }: { events: readonly HistoryEvent[]; headingId: string; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="acc-history" aria-labelledby={headingId}>
      <Heading id={headingId}>History</Heading>
      {events.length === 0 ? (
        <p className="acc-muted">No changes yet.</p>
      ) : (
        <ol className="acc-history__list">
          {events.map((event, index) => (
            // Two changes may share a state and a second (placed, then a retry): the place in the list tells them apart.
            <li key={`${index}-${event.status}-${event.at}`} className="acc-history__event">
              <strong>{ORDER_STATUS_LABELS[event.status]}</strong>
              <time dateTime={event.at} className="acc-muted">
                {formatOrderDateTime(event.at)}
              </time>
              {event.note && (
                <span className="acc-history__note">
                  {NOTE_NAMES[event.status] ? `${NOTE_NAMES[event.status]}: ` : ''}
                  {event.note}
                </span>
              )}
              {event.by && <span className="acc-muted acc-history__by">by {event.by}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
