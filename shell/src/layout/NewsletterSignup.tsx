import { ErrorBoundary } from '@storefront/shared';
import { lazy, Suspense, useId, useRef } from 'react';
import { useNearViewport } from '../behaviour/useNearViewport';

// The form and react-final-form load when the footer comes near, not with every first page
// (chunk later-*, which e2e/support/firstLoad.ts leaves out of the first-load budgets).
const NewsletterForm = lazy(() => import(/* webpackChunkName: "later-newsletter" */ './NewsletterForm').then((module) => ({ default: module.NewsletterForm })));

/** Holds the form's place while it loads, at its height, so the footer does not move. */
function FieldPlaceholder() {
  return <div className="shell-newsletter__placeholder" aria-hidden="true" />;
}

/** The footer's newsletter block: heading and text at once, the form when it is near. */
export function NewsletterSignup() {
  const id = useId();
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  return (
    <section className="shell-newsletter" aria-labelledby={`${id}-title`} ref={section}>
      <h2 id={`${id}-title`}>Newsletter</h2>
      <p>New arrivals and specials, once a week.</p>
      {near ? (
        <ErrorBoundary name="shell/NewsletterForm" fallback={() => <p>The sign-up form could not load. Reload the page to try again.</p>}>
          <Suspense fallback={<FieldPlaceholder />}>
            <NewsletterForm labelledBy={`${id}-title`} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <FieldPlaceholder />
      )}
    </section>
  );
}
