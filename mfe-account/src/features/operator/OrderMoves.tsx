import { apiErrorMessage, type OperatorOrder, type OrderMoveRequest, type OrderStatus } from '@storefront/shared';
import { ORDER_NOTE_LIMITS, ORDER_STATUS_LABELS } from '@storefront/shared/domain';
import { changesTextDirection, DIRECTION_CONTROL_MESSAGE } from '@storefront/shared/text-direction';
import { FORM_ERROR } from 'final-form';
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { FormError } from '../auth/FormError';
import { moveLabel } from './moveText';
import { NoteField } from './NoteField';
import { useMoveOrderMutation } from './operatorApi';

interface MoveValues {
  reference?: string;
  tracking?: string;
  reason?: string;
}

/** A note's rule: within the api's limit, without direction controls (shoppers read it), and given when `required`. */
function noteRule(label: string, limit: number, required: string | null) {
  return (value: string | undefined): string | undefined => {
    const text = value?.trim() ?? '';
    if (!text) return required ?? undefined;
    if (text.length > limit) return `${label} must be at most ${limit} characters`;
    return changesTextDirection(text) ? `${label} ${DIRECTION_CONTROL_MESSAGE}` : undefined;
  };
}

const referenceRule = noteRule('The payment reference', ORDER_NOTE_LIMITS.reference, 'Enter the payment reference from the bank statement');
const trackingRule = noteRule('The tracking number', ORDER_NOTE_LIMITS.tracking, null);
const reasonRule = noteRule('The reason', ORDER_NOTE_LIMITS.reason, 'Give the reason for cancelling: the shopper reads it');

function httpStatus(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
}

/** The body for a move: only the notes this move takes, trimmed; an empty tracking number is left out. */
function moveRequest(to: OrderStatus, values: MoveValues, paysByEft: boolean): OrderMoveRequest {
  const request: OrderMoveRequest = { to };
  const reference = values.reference?.trim();
  const tracking = values.tracking?.trim();
  const reason = values.reason?.trim();
  if (to === 'paid' && paysByEft && reference) request.reference = reference;
  if (to === 'shipped' && tracking) request.tracking = tracking;
  if (to === 'cancelled' && reason) request.reason = reason;
  return request;
}

interface MoveFormProps {
  order: OperatorOrder;
  to: OrderStatus;
  onMoved: (to: OrderStatus) => void;
  /** Someone else moved the order first (409): the page says so above every move and shows the order as it is now. */
  onRefused: (message: string) => void;
}

/** One move: its button, and the note it needs (payment reference, tracking number). */
function MoveForm({ order, to, onMoved, onRefused }: MoveFormProps) {
  const [moveOrder] = useMoveOrderMutation();
  const paysByEft = order.payment_method === 'eft';
  const label = moveLabel(to);
  return (
    <Form<MoveValues>
      onSubmit={async (values) => {
        try {
          await moveOrder({ number: order.number, ...moveRequest(to, values, paysByEft) }).unwrap();
          onMoved(to);
          return undefined;
        } catch (error) {
          const message = apiErrorMessage(error, 'The order could not be moved just now. Please try again.');
          if (httpStatus(error) === 409) {
            onRefused(message);
            return undefined;
          }
          return { [FORM_ERROR]: message };
        }
      }}
    >
      {({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={label} className="op-move">
          <FormError message={submitError} />
          {to === 'paid' && paysByEft && (
            <NoteField name="reference" label="Payment reference" hint="As the bank statement shows it." maxLength={ORDER_NOTE_LIMITS.reference} validate={referenceRule} />
          )}
          {to === 'shipped' && (
            <NoteField name="tracking" label="Tracking number (optional)" hint="The shopper sees it." maxLength={ORDER_NOTE_LIMITS.tracking} validate={trackingRule} />
          )}
          <button type="submit" className="sf-button" disabled={submitting}>
            {submitting ? 'Saving…' : label}
          </button>
        </form>
      )}
    </Form>
  );
}

/**
 * Cancelling, which gives the stock back and cannot be undone: the reason first, and the
 * operator confirms in the form itself (a second button), not in a browser dialog.
 */
function CancelForm({ order, onMoved, onRefused }: Omit<MoveFormProps, 'to'>) {
  const [moveOrder] = useMoveOrderMutation();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Once the operator has opened it: focus goes to the reason when it opens, and back to the opener when it closes.
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    if (confirming) form.current?.querySelector('textarea')?.focus();
    else opener.current?.focus();
  }, [confirming]);
  const toggle = (open: boolean) => {
    toggled.current = true;
    setConfirming(open);
  };

  if (!confirming) {
    return (
      <div className="op-move op-move--danger">
        <button
          ref={opener}
          type="button"
          className="sf-button sf-button--ghost op-danger-ghost"
          onClick={() => toggle(true)}
        >
          Cancel order…
        </button>
      </div>
    );
  }
  return (
    <Form<MoveValues>
      onSubmit={async (values) => {
        try {
          await moveOrder({ number: order.number, ...moveRequest('cancelled', values, false) }).unwrap();
          onMoved('cancelled');
          return undefined;
        } catch (error) {
          const message = apiErrorMessage(error, 'The order could not be cancelled just now. Please try again.');
          if (httpStatus(error) === 409) {
            onRefused(message);
            return undefined;
          }
          return { [FORM_ERROR]: message };
        }
      }}
    >
      {({ handleSubmit, submitError, submitting }) => (
        <form ref={form} onSubmit={handleSubmit} noValidate aria-label="Cancel the order" className="op-move op-move--danger">
          <p className="op-move__warning">Cancelling gives the stock back and cannot be undone. The shopper is told why.</p>
          <FormError message={submitError} />
          <NoteField name="reason" label="Reason for cancelling" multiline maxLength={ORDER_NOTE_LIMITS.reason} validate={reasonRule} />
          <div className="acc-actions">
            <button type="submit" className="sf-button acc-danger-button" disabled={submitting}>
              {submitting ? 'Cancelling…' : 'Cancel the order'}
            </button>
            <button
              type="button"
              className="sf-button sf-button--ghost"
              onClick={() => toggle(false)}
            >
              Keep the order
            </button>
          </div>
        </form>
      )}
    </Form>
  );
}

interface OrderMovesProps {
  order: OperatorOrder;
  onMoved: (to: OrderStatus) => void;
}

/** The moves the order allows now (`next_statuses`), cancelling last and apart. */
export function OrderMoves({ order, onMoved }: OrderMovesProps) {
  // An object per refusal, so that the same words twice still take focus again.
  const [refusal, setRefusal] = useState<{ message: string } | null>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  // The button pressed may be gone with the order's new state: focus goes to what happened.
  useEffect(() => {
    if (refusal) alert.current?.focus();
  }, [refusal]);
  const forward = order.next_statuses.filter((status) => status !== 'cancelled');
  const cancellable = order.next_statuses.includes('cancelled');
  const moved = (to: OrderStatus) => {
    setRefusal(null);
    onMoved(to);
  };
  const refused = (message: string) => setRefusal({ message });
  return (
    <section className="acc-card op-moves" aria-labelledby="op-moves-title">
      <h2 id="op-moves-title">Move the order</h2>
      {refusal && (
        <p ref={alert} className="sf-form-error" role="alert" tabIndex={-1}>
          {refusal.message}
        </p>
      )}
      {order.next_statuses.length === 0 ? (
        <p className="acc-muted">The order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}: nothing moves it on.</p>
      ) : (
        <div className="op-moves__list">
          {/* A form per move, keyed by the state it starts from: a form left from before a move starts empty. */}
          {forward.map((to) => (
            <MoveForm key={`${order.status}-${to}`} order={order} to={to} onMoved={moved} onRefused={refused} />
          ))}
          {cancellable && <CancelForm key={order.status} order={order} onMoved={moved} onRefused={refused} />}
        </div>
      )}
    </section>
  );
}
