import { FormField, toast, visibleFieldError } from '@storefront/shared';
import { changesTextDirection, DIRECTION_CONTROL_MESSAGE } from '@storefront/shared/text-direction';
import type { SubmissionErrors } from 'final-form';
import { useMemo, useRef } from 'react';
import { Field, Form } from 'react-final-form';
import { FormError } from '../../auth/FormError';
import { fieldSubmitErrors, STOCK_FIELDS, FocusOnRefusal } from './fieldErrors';
import { formatOrderDateTime } from '../../orders/orderDates';
import { useChangeStockMutation, type OperatorProduct, type StockMovement } from './productsApi';
import {
  capitalised,
  formatStockChange,
  quantityHint,
  quantityProblem,
  STOCK_NOTE_MAX_LENGTH,
  STOCK_REASON_LABELS,
  STOCK_REASON_ORDER,
  variantName,
  type StockReason,
} from './stockText';

interface StockValues {
  sku: string;
  reason: StockReason;
  quantity?: string;
  note?: string;
}

function stockProblems(values: StockValues): Partial<Record<keyof StockValues, string>> {
  const errors: Partial<Record<keyof StockValues, string>> = {};
  if (!values.sku) errors.sku = 'Choose the variant';
  const quantity = quantityProblem(values.quantity, values.reason);
  if (quantity) errors.quantity = quantity;
  const note = values.note?.trim() ?? '';
  if (note.length > STOCK_NOTE_MAX_LENGTH) errors.note = `The note must be at most ${STOCK_NOTE_MAX_LENGTH} characters`;
  else if (changesTextDirection(note)) errors.note = `The note ${DIRECTION_CONTROL_MESSAGE}`;
  return errors;
}

type SizeLabel = (name: string) => string;

function VariantTable({ product, sizeLabel }: { product: OperatorProduct; sizeLabel: SizeLabel }) {
  return (
    <table className="acc-orders acc-table--stack op-variants">
      <caption className="sf-visually-hidden">Stock by variant</caption>
      <thead>
        <tr>
          <th scope="col">SKU</th>
          <th scope="col">Colour</th>
          <th scope="col">Size</th>
          <th scope="col">In stock</th>
          <th scope="col">Held by open orders</th>
        </tr>
      </thead>
      <tbody>
        {product.variants.map((variant) => (
          <tr key={variant.sku}>
            <th scope="row" className="op-sku">
              {variant.sku}
            </th>
            <td data-label="Colour">{variant.colour === null ? '—' : capitalised(variant.colour)}</td>
            <td data-label="Size">{variant.size === null ? '—' : capitalised(sizeLabel(variant.size))}</td>
            <td data-label="In stock">{variant.stock}</td>
            <td data-label="Held by open orders">{variant.held}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One change to a variant's stock: which, why, how many, and a note for the history. */
function StockChangeForm({ product, sizeLabel }: { product: OperatorProduct; sizeLabel: SizeLabel }) {
  const [changeStock] = useChangeStockMutation();
  const formElement = useRef<HTMLFormElement>(null);
  const firstSku = product.variants[0]?.sku ?? '';
  const initialValues = useMemo<StockValues>(() => ({ sku: firstSku, reason: 'received', quantity: '', note: '' }), [firstSku]);
  return (
    <Form<StockValues>
      initialValues={initialValues}
      validate={stockProblems}
      onSubmit={async (values, form): Promise<SubmissionErrors | undefined> => {
        try {
          const note = values.note?.trim();
          const saved = await changeStock({
            id: product.id,
            sku: values.sku,
            reason: values.reason,
            quantity: Number((values.quantity ?? '').replace(/[\s\u00a0\u202f]/g, '')),
            ...(note ? { note } : {}),
          }).unwrap();
          const now = saved.variants.find((variant) => variant.sku === values.sku);
          toast.success(now ? `${values.sku} now has ${now.stock} in stock.` : 'Stock changed.');
          // Ready for the next change of the same variant: the numbers typed are done with.
          setTimeout(() => form.restart({ sku: values.sku, reason: values.reason, quantity: '', note: '' }), 0);
          return undefined;
        } catch (error) {
          return fieldSubmitErrors(error, 'The stock could not be changed just now. Please try again.', STOCK_FIELDS);
        }
      }}
    >
      {({ handleSubmit, submitError, submitErrors, submitting, values }) => {
        const variant = product.variants.find((candidate) => candidate.sku === values.sku);
        return (
          <form ref={formElement} onSubmit={handleSubmit} noValidate aria-labelledby="op-stock-change-title" className="op-stock-form">
            <h3 id="op-stock-change-title">Change the stock</h3>
            <div className="op-stock-form__fields">
              <Field<string> name="sku">
                {({ input, meta }) => (
                  <FormField label="Variant" error={visibleFieldError(meta)}>
                    {(control) => (
                      <select {...input} {...control}>
                        {product.variants.map((option) => (
                          <option key={option.sku} value={option.sku}>
                            {`${variantName(option, sizeLabel)} (${option.sku})`}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                )}
              </Field>
              <Field<StockReason> name="reason">
                {({ input }) => (
                  <FormField label="Reason">
                    {(control) => (
                      <select {...input} {...control}>
                        {STOCK_REASON_ORDER.map((reason) => (
                          <option key={reason} value={reason}>
                            {STOCK_REASON_LABELS[reason]}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                )}
              </Field>
              <Field<string> name="quantity">
                {({ input, meta }) => (
                  <FormField label="Quantity" hint={quantityHint(values.reason, variant)} error={visibleFieldError(meta)}>
                    {(control) => <input {...input} {...control} value={input.value ?? ''} type="text" inputMode="numeric" autoComplete="off" maxLength={9} />}
                  </FormField>
                )}
              </Field>
              <Field<string> name="note">
                {({ input, meta }) => (
                  <FormField label="Note (optional)" hint="Kept in the history, like a delivery note’s number." error={visibleFieldError(meta)}>
                    {(control) => <input {...input} {...control} value={input.value ?? ''} type="text" autoComplete="off" maxLength={STOCK_NOTE_MAX_LENGTH} />}
                  </FormField>
                )}
              </Field>
            </div>
            <FocusOnRefusal submitErrors={submitErrors} form={formElement} />
            {submitError && (
              <div data-save-outcome tabIndex={-1} className="op-save-outcome">
                <FormError message={submitError} />
              </div>
            )}
            <button type="submit" className="sf-button" disabled={submitting}>
              {submitting ? 'Applying…' : 'Apply'}
            </button>
          </form>
        );
      }}
    </Form>
  );
}

function StockHistory({ history }: { history: readonly StockMovement[] }) {
  return (
    <section className="op-stock-history" aria-labelledby="op-stock-history-title">
      <h3 id="op-stock-history-title">History</h3>
      {history.length === 0 ? (
        <p className="acc-muted">No stock changes yet.</p>
      ) : (
        <table className="acc-orders acc-table--stack op-history">
          <caption className="sf-visually-hidden">Stock changes, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">By</th>
              <th scope="col">SKU</th>
              <th scope="col">Reason</th>
              <th scope="col">Quantity</th>
              <th scope="col">Change</th>
              <th scope="col">Stock after</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {history.map((movement, index) => (
              // Two changes may share a second and a variant: the place in the list tells them apart.
              <tr key={`${index}-${movement.at}-${movement.sku}`}>
                <th scope="row" className="op-nowrap">
                  <time dateTime={movement.at}>{formatOrderDateTime(movement.at)}</time>
                </th>
                <td data-label="By" className="op-email">
                  {movement.by}
                </td>
                <td data-label="SKU" className="op-sku">
                  {movement.sku}
                </td>
                <td data-label="Reason">{STOCK_REASON_LABELS[movement.reason] ?? movement.reason}</td>
                <td data-label="Quantity">{movement.quantity}</td>
                <td data-label="Change">
                  <span className={movement.change < 0 ? 'op-change op-change--down' : 'op-change'}>{formatStockChange(movement.change)}</span>
                </td>
                <td data-label="Stock after">{movement.stock_after}</td>
                <td data-label="Note">{movement.note || <span className="acc-muted">none</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The product's stock by variant, a form to change one, and every change so far, newest first. */
export function ProductStock({ product, sizeLabel = (name) => name }: { product: OperatorProduct; sizeLabel?: SizeLabel }) {
  return (
    <section className="acc-card op-stock" aria-labelledby="op-stock-title">
      <h2 id="op-stock-title">Stock</h2>
      {product.variants.length === 0 ? (
        <p className="acc-muted">The product has no variants to stock yet.</p>
      ) : (
        <>
          <VariantTable product={product} sizeLabel={sizeLabel} />
          <StockChangeForm product={product} sizeLabel={sizeLabel} />
        </>
      )}
      <StockHistory history={product.history} />
    </section>
  );
}
