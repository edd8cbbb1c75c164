import { apiErrorMessage, ErrorBoundary, Link, useLocation, useSearchParams } from '@storefront/shared';
import { lazy, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { useConfirmNewsletterMutation, useUnsubscribeFromNewsletterMutation } from '../../api/messagesApi';
import { NotFoundPage } from '../NotFoundPage';
import '../pages.css';
import './newsletterPages.css';

// The footer's form, in its own chunk as the footer loads it: one copy for both.
const NewsletterForm = lazy(() => import(/* webpackChunkName: "later-newsletter" */ '../../layout/NewsletterForm').then((module) => ({ default: module.NewsletterForm })));

/**
 * What the api answered a newsletter link's token: done (its message), expired (410), not a valid
 * link (400 or 404: a token cut short, or one the api does not know), or it could not answer
 * (anything else: the shopper may try again).
 */
export type TokenAnswer = { state: 'done'; message: string } | { state: 'expired' } | { state: 'invalid' } | { state: 'failed'; message: string };

export function tokenAnswerOf(data: { message: string } | undefined, error: unknown, failedMessage: string): TokenAnswer | null {
  if (data) return { state: 'done', message: data.message };
  if (!error) return null;
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  if (status === 410) return { state: 'expired' };
  if (status === 400 || status === 404) return { state: 'invalid' };
  return { state: 'failed', message: apiErrorMessage(error, failedMessage) };
}

/** The link's token, as the address carries it (the address stays as it is: a reload asks again). */
function useToken(): string {
  const [params] = useSearchParams();
  return params.get('token')?.trim() ?? '';
}

/**
 * Where the answer shows: focused once it is in, so a screen reader reads it (the page's heading
 * was read first), and Tab goes on from it.
 */
function Answer({ shownFor, children }: { shownFor: string | null; children: ReactNode }) {
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shownFor) answer.current?.focus();
  }, [shownFor]);
  return (
    <div className="shell-newsletter-page__answer" ref={answer} tabIndex={-1} data-testid="newsletter-answer" data-state={shownFor ?? 'waiting'}>
      {children}
    </div>
  );
}

/** The footer's form again, for a new confirmation link. */
function SubscribeAgain() {
  const id = useId();
  return (
    <section className="shell-newsletter-page__again" aria-labelledby={id}>
      <h2 id={id}>Subscribe again</h2>
      <p>We’ll email you a new link to confirm your subscription.</p>
      <ErrorBoundary name="shell/NewsletterForm" fallback={() => <p>The sign-up form could not load. Reload the page to try again.</p>}>
        <Suspense fallback={<div className="shell-newsletter__placeholder" aria-hidden="true" />}>
          <NewsletterForm labelledBy={id} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

function ShopOn() {
  return (
    <p className="shell-page__actions">
      <Link className="sf-button" to="/shop">
        Continue shopping
      </Link>
    </p>
  );
}

/**
 * /newsletter/confirm?token=…: the link in the mail that confirms a subscription. The page posts
 * the token once on arrival (POST /newsletter/confirm) and shows the api's answer.
 */
export function NewsletterConfirmPage() {
  const token = useToken();
  const [confirm, { data, error, isLoading }] = useConfirmNewsletterMutation();
  // Once per token, however often React runs the effect.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    void confirm({ token });
  }, [token, confirm]);

  const answer: TokenAnswer | null = !token ? { state: 'invalid' } : isLoading ? null : tokenAnswerOf(data, error, 'We could not confirm your subscription just now. Please try again.');
  return (
    <div className="sf-container shell-page shell-newsletter-page">
      <h1>Confirm your subscription</h1>
      <Answer shownFor={answer?.state ?? null}>
        {answer === null && (
          <p role="status" className="shell-newsletter-page__waiting">
            Confirming your subscription…
          </p>
        )}
        {answer?.state === 'done' && (
          <>
            <p className="shell-newsletter-page__done">{answer.message}</p>
            <ShopOn />
          </>
        )}
        {answer?.state === 'expired' && <p className="shell-newsletter-page__problem">This confirmation link has expired.</p>}
        {answer?.state === 'invalid' && (
          <p className="shell-newsletter-page__problem">
            This confirmation link is not valid. Open it again from the email, all of it, or subscribe again in the footer below.
          </p>
        )}
        {answer?.state === 'failed' && (
          <>
            <p className="shell-newsletter-page__problem">{answer.message}</p>
            <p className="shell-page__actions">
              <button type="button" className="sf-button" onClick={() => void confirm({ token })}>
                Try again
              </button>
            </p>
          </>
        )}
      </Answer>
      {answer?.state === 'expired' && <SubscribeAgain />}
    </div>
  );
}

/**
 * /newsletter/unsubscribe?token=…: the link in each newsletter. Opening it changes nothing (mail
 * scanners open links); the subscriber's press of Unsubscribe posts the token
 * (POST /newsletter/unsubscribe).
 */
export function NewsletterUnsubscribePage() {
  const token = useToken();
  const [unsubscribe, { data, error, isLoading }] = useUnsubscribeFromNewsletterMutation();
  const answer: TokenAnswer | null = !token ? { state: 'invalid' } : tokenAnswerOf(data, error, 'We could not unsubscribe you just now. Please try again.');
  const canAsk = token !== '' && (answer === null || answer.state === 'failed');
  return (
    <div className="sf-container shell-page shell-newsletter-page">
      <h1>Unsubscribe from our newsletter</h1>
      {canAsk && answer === null && <p>Press Unsubscribe to stop our newsletter to the address this link was sent to. Nothing changes until you do.</p>}
      <Answer shownFor={isLoading ? null : (answer?.state ?? null)}>
        {answer?.state === 'done' && (
          <>
            <p className="shell-newsletter-page__done">{answer.message}</p>
            <ShopOn />
          </>
        )}
        {answer?.state === 'expired' && (
          <p className="shell-newsletter-page__problem">
            This unsubscribe link has expired. Use the link in our latest newsletter, or <Link to="/contact">write to us</Link> and we will unsubscribe you.
          </p>
        )}
        {answer?.state === 'invalid' && (
          <p className="shell-newsletter-page__problem">
            This unsubscribe link is not valid. Open it again from the newsletter, all of it, or <Link to="/contact">write to us</Link> and we will unsubscribe you.
          </p>
        )}
        {answer?.state === 'failed' && <p className="shell-newsletter-page__problem">{answer.message}</p>}
      </Answer>
      {canAsk && (
        <p className="shell-page__actions">
          {/* aria-disabled rather than disabled while it is asked: the button keeps the focus until the answer takes it. */}
          <button
            type="button"
            className="sf-button"
            aria-disabled={isLoading}
            onClick={() => {
              if (!isLoading) void unsubscribe({ token });
            }}
          >
            {isLoading ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </p>
      )}
    </div>
  );
}

/** The pages under /newsletter (one route, one chunk): confirm, unsubscribe, and the 404 page for any other. */
export function NewsletterPages() {
  const path = useLocation().pathname.replace(/\/+$/, '');
  if (path === '/newsletter/confirm') return <NewsletterConfirmPage />;
  if (path === '/newsletter/unsubscribe') return <NewsletterUnsubscribePage />;
  return <NotFoundPage />;
}
