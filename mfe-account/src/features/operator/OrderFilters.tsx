import { FormField } from '@storefront/shared';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@storefront/shared/domain';
import { useMemo } from 'react';
import { Field, Form } from 'react-final-form';
import type { OperatorListSearch } from './operatorSearch';

interface FilterValues {
  status?: string;
  q?: string;
}

interface OrderFiltersProps {
  search: OperatorListSearch;
  /** A new filter: the list starts again at its first page. */
  onFilter: (filter: Pick<OperatorListSearch, 'status' | 'q'>) => void;
}

/**
 * Which orders: a state (applied as it is chosen) and a search for an order number, email or
 * name (applied on Search or Enter). The address holds both, so the form starts from it again
 * after Back or a reload.
 */
export function OrderFilters({ search, onFilter }: OrderFiltersProps) {
  const initialValues = useMemo<FilterValues>(() => ({ status: search.status ?? '', q: search.q }), [search.status, search.q]);
  return (
    <Form<FilterValues>
      initialValues={initialValues}
      onSubmit={(values) => {
        const status = ORDER_STATUSES.find((known) => known === values.status) ?? null;
        // React Router navigates in a transition; started inside the submit event, React would treat
        // the plain form as a form action and build a FormData of it for nothing (ShopSearchForm does the same).
        queueMicrotask(() => onFilter({ status, q: values.q?.trim() ?? '' }));
      }}
    >
      {({ handleSubmit, form }) => (
        <form onSubmit={handleSubmit} role="search" aria-label="Find orders" className="op-filters" noValidate>
          <Field<string> name="status">
            {({ input }) => (
              <FormField label="State">
                {(control) => (
                  <select
                    {...input}
                    {...control}
                    onChange={(event) => {
                      input.onChange(event);
                      void form.submit();
                    }}
                  >
                    <option value="">All states</option>
                    {ORDER_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {ORDER_STATUS_LABELS[status]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            )}
          </Field>
          <Field<string> name="q">
            {({ input }) => (
              <FormField label="Search" hint="Order number, email or name">
                {(control) => <input {...input} {...control} value={input.value ?? ''} type="search" autoComplete="off" maxLength={200} />}
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
