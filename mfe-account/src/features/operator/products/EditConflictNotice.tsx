import { formatRand } from '@storefront/shared';
import { useEffect, useRef } from 'react';
import { formatOrderDateTime } from '../../orders/orderDates';
import type { CatalogueChoices, EditableProduct, ProductEditConflict } from './productsApi';
import { fieldLabel } from './productValues';

/** The api's 409 `edit_conflict` answer, or null for any other failure. */
export function readEditConflict(error: unknown): ProductEditConflict | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (status !== 409 || typeof data !== 'object' || data === null) return null;
  const answer = data as Partial<ProductEditConflict>;
  if (answer.error !== 'edit_conflict' || !Array.isArray(answer.changed) || typeof answer.current !== 'object' || answer.current === null) return null;
  return answer as ProductEditConflict;
}

function listed(values: readonly string[]): string {
  return values.length > 0 ? values.join(', ') : 'none';
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return 'empty';
  return flat.length > 120 ? `“${flat.slice(0, 119)}…”` : `“${flat}”`;
}

/** What a changed field holds now, in the form's words. */
export function savedValueText(field: string, current: EditableProduct, choices: CatalogueChoices): string | null {
  switch (field) {
    case 'name':
      return `“${current.name}”`;
    case 'description':
      return excerpt(current.description);
    case 'categories':
      return listed(current.categories.map((id) => choices.categories.find((category) => category.id === id)?.name ?? id));
    case 'colours':
      return listed(current.colours);
    case 'sizes':
      return listed(current.sizes.map((name) => choices.sizes.find((size) => size.name === name)?.label ?? name));
    case 'price':
      return formatRand(current.price);
    case 'sale': {
      const { sale } = current;
      if (!sale) return 'not on sale';
      const from = sale.starts_at ? ` from ${formatOrderDateTime(sale.starts_at)}` : '';
      const until = sale.ends_at ? ` until ${formatOrderDateTime(sale.ends_at)}` : '';
      return `${formatRand(sale.price)}${from}${until}`;
    }
    case 'published':
      return current.published ? 'published' : 'draft';
    default:
      return null;
  }
}

interface EditConflictNoticeProps {
  conflict: ProductEditConflict;
  choices: CatalogueChoices;
  onLoadSaved: (current: EditableProduct) => void;
}

/**
 * Someone else saved the product after this form was loaded: nothing was written. The form keeps
 * what was typed; the notice says which fields the other save changed and what they hold now, and
 * loads that version to start again from.
 */
export function EditConflictNotice({ conflict, choices, onLoadSaved }: EditConflictNoticeProps) {
  const notice = useRef<HTMLDivElement>(null);
  // Each refusal takes focus from the Save button: it says what happened and holds the way on.
  useEffect(() => {
    notice.current?.focus();
  }, [conflict]);
  return (
    <div ref={notice} className="op-conflict" role="alert" tabIndex={-1} data-testid="edit-conflict">
      <p className="op-conflict__message">{conflict.message}</p>
      {conflict.changed.length > 0 && (
        <>
          <p>Changed by the other save:</p>
          <ul className="op-conflict__fields">
            {conflict.changed.map((field) => {
              const now = savedValueText(field, conflict.current, choices);
              return (
                <li key={field}>
                  <strong>{fieldLabel(field)}</strong>
                  {now !== null && <>: now {now}</>}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p>What you typed is still in the form.</p>
      <button type="button" className="sf-button sf-button--ghost" onClick={() => onLoadSaved(conflict.current)}>
        Load the saved version
      </button>
    </div>
  );
}
