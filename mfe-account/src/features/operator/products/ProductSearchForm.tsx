import { FormField } from '@storefront/shared';
import { useMemo } from 'react';
import { Field, Form } from 'react-final-form';
import { PRODUCT_SEARCH_MAX_LENGTH } from './productSearch';

interface SearchValues {
  q?: string;
}

/**
 * A search for a product's name or SKU, applied on Search or Enter. The address holds it, so the
 * form starts from it again after Back or a reload.
 */
export function ProductSearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const initialValues = useMemo<SearchValues>(() => ({ q }), [q]);
  return (
    <Form<SearchValues>
      initialValues={initialValues}
      onSubmit={(values) => {
        // As OrderFilters does: navigating inside the submit event would make React treat the form as a form action.
        queueMicrotask(() => onSearch(values.q?.trim() ?? ''));
      }}
    >
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit} role="search" aria-label="Find products" className="op-filters op-filters--products" noValidate>
          <Field<string> name="q">
            {({ input }) => (
              <FormField label="Search" hint="Name or SKU">
                {(control) => <input {...input} {...control} value={input.value ?? ''} type="search" autoComplete="off" maxLength={PRODUCT_SEARCH_MAX_LENGTH} />}
              </FormField>
            )}
          </Field>
          <button type="submit" className="sf-button op-filters__submit">
            Search
          </button>
        </form>
      )}
    </Form>
  );
}
