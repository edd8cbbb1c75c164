import { apiErrorMessage, type Product, toast, visibleFieldError } from '@storefront/shared';
import { FORM_ERROR } from 'final-form';
import { useId } from 'react';
import { Field, Form } from 'react-final-form';
import { useAddProductReviewMutation, type NewReview } from './reviewsApi';

const STARS = [1, 2, 3, 4, 5] as const;

interface ReviewValues {
  rating?: string;
  title?: string;
  body?: string;
}

/** A signed-in shopper's review: 1 to 5 stars, an optional title, and a few words. */
export function ReviewForm({ product }: { product: Product }) {
  const [addReview] = useAddProductReviewMutation();
  const id = useId();
  return (
    <Form<ReviewValues>
      onSubmit={async (values, form) => {
        const review: NewReview = { rating: Number(values.rating), title: values.title?.trim() ?? '', body: values.body?.trim() ?? '' };
        try {
          await addReview({ productId: product.id, review }).unwrap();
          toast.success('Thank you for your review');
          setTimeout(() => form.restart());
          return undefined;
        } catch (error) {
          return { [FORM_ERROR]: apiErrorMessage(error, 'We could not save your review just now. Please try again.') };
        }
      }}
    >
      {({ handleSubmit, submitError, submitting }) => (
        <form className="prd-review-form" onSubmit={handleSubmit} noValidate aria-label={`Review ${product.name}`}>
          <h3>Write a review</h3>
          {submitError && (
            <p className="sf-form-error" role="alert">
              {String(submitError)}
            </p>
          )}
          <Field<string> name="rating" validate={(value) => (value ? undefined : 'Choose from 1 to 5 stars')}>
            {({ meta }) => {
              const error = visibleFieldError(meta);
              return (
                <fieldset className="prd-review-form__stars" aria-describedby={error ? `${id}-rating-error` : undefined}>
                  <legend>Your rating</legend>
                  {STARS.map((stars) => (
                    <label key={stars} className="prd-review-form__star">
                      <Field name="rating" component="input" type="radio" value={String(stars)} />
                      <span>
                        {stars} {stars === 1 ? 'star' : 'stars'}
                      </span>
                    </label>
                  ))}
                  {error && (
                    <p id={`${id}-rating-error`} className="sf-field__error">
                      {error}
                    </p>
                  )}
                </fieldset>
              );
            }}
          </Field>
          <Field<string> name="title">
            {({ input }) => (
              <div className="sf-field">
                <label htmlFor={`${id}-title`}>Title (optional)</label>
                <input {...input} id={`${id}-title`} type="text" maxLength={200} />
              </div>
            )}
          </Field>
          <Field<string> name="body" validate={(value) => (value?.trim() ? undefined : 'Write a few words about the product')}>
            {({ input, meta }) => {
              const error = visibleFieldError(meta);
              return (
                <div className="sf-field">
                  <label htmlFor={`${id}-body`}>Your review</label>
                  <textarea
                    {...input}
                    id={`${id}-body`}
                    rows={4}
                    maxLength={5000}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-body-error` : undefined}
                  />
                  {error && (
                    <p id={`${id}-body-error`} className="sf-field__error">
                      {error}
                    </p>
                  )}
                </div>
              );
            }}
          </Field>
          <button type="submit" className="sf-button" disabled={submitting}>
            {submitting ? 'Sending…' : 'Submit review'}
          </button>
        </form>
      )}
    </Form>
  );
}
