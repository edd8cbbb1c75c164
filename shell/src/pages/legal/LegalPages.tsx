import { formatRand, fromCents, Link, NavLink, Skeleton, useLocation } from '@storefront/shared';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useGetShellDisclosuresQuery, type ShopDisclosures } from '../../api/shopApi';
import { LEGAL_PAGES, legalPageAt, type LegalPage } from '../../app/shellPages';
import { NotFoundPage } from '../NotFoundPage';
import { EmailLink, PhoneLink } from '../shopContact';
import '../pages.css';
import './legal.css';

/** The paragraphs of a policy, as the shop wrote them. */
function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className="shell-legal__policy" data-testid="legal-policy">
      {paragraphs.map((paragraph, index) => (
        // The api's paragraphs have no ids of their own: their order is their identity.
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** How to reach the shop about a policy, at its end. */
function QuestionsTo({ shop, children = 'Questions about this?' }: { shop: ShopDisclosures; children?: ReactNode }) {
  return (
    <p className="shell-legal__questions">
      {children} Email <EmailLink shop={shop} /> or call <PhoneLink shop={shop} />.
    </p>
  );
}

/** /legal: who sells (ECTA s43): the legal entity, its numbers, its physical address and how to reach it. */
function BusinessDetails({ shop }: { shop: ShopDisclosures }) {
  return (
    <>
      <p className="shell-page__lead">The business that sells to you at Jacaranda, and how to reach it.</p>
      <section aria-labelledby="legal-entity">
        <h2 id="legal-entity">The business</h2>
        <dl className="shell-legal__facts">
          <div>
            <dt>Legal name</dt>
            <dd data-testid="legal-name">{shop.legalName}</dd>
          </div>
          <div>
            <dt>Registration number</dt>
            <dd data-testid="legal-registration-number">{shop.registrationNumber}</dd>
          </div>
          {shop.vatNumber !== null && (
            <div>
              <dt>VAT number</dt>
              <dd data-testid="legal-vat-number">{shop.vatNumber}</dd>
            </div>
          )}
        </dl>
      </section>
      <section aria-labelledby="legal-contact">
        <h2 id="legal-contact">Contact details</h2>
        <dl className="shell-legal__facts">
          <div>
            <dt>Physical address</dt>
            <dd>
              <address data-testid="legal-address">
                {shop.address.map((line, index) => (
                  <span key={index} className="shell-legal__line">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              <EmailLink shop={shop} testId="legal-email" />
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              <PhoneLink shop={shop} testId="legal-phone" />
            </dd>
          </div>
        </dl>
      </section>
    </>
  );
}

/** What each page shows of the shop's disclosures. */
function Topic({ page, shop }: { page: LegalPage; shop: ShopDisclosures }) {
  switch (page.path) {
    case '/legal':
      return <BusinessDetails shop={shop} />;
    case '/legal/returns':
      return (
        <>
          <Paragraphs paragraphs={shop.returnsPolicy} />
          <QuestionsTo shop={shop}>To return something, or for questions about a refund:</QuestionsTo>
        </>
      );
    case '/legal/delivery':
      return (
        <>
          <p className="shell-legal__fee" data-testid="delivery-fee">
            Delivery fee: <strong>{formatRand(fromCents(shop.deliveryFee))}</strong> per order
          </p>
          <Paragraphs paragraphs={shop.deliveryPolicy} />
          <QuestionsTo shop={shop}>Questions about a delivery?</QuestionsTo>
        </>
      );
    case '/legal/privacy':
      return (
        <>
          <Paragraphs paragraphs={shop.privacyPolicy} />
          <section aria-labelledby="legal-your-information">
            <h2 id="legal-your-information">Your information</h2>
            <p>
              With an account, you can download its data or delete the account yourself, under{' '}
              <Link to="/account/privacy">Your account: your data</Link>.
            </p>
            <QuestionsTo shop={shop}>To see, correct or delete the personal information we hold about you, or with a question about it:</QuestionsTo>
          </section>
        </>
      );
    case '/legal/payment':
      return (
        <>
          <Paragraphs paragraphs={shop.paymentSecurity} />
          <QuestionsTo shop={shop}>Questions about a payment?</QuestionsTo>
        </>
      );
  }
}

function Loading() {
  return (
    <div className="shell-legal__loading" role="status" aria-busy="true" data-testid="legal-loading">
      <span className="shell-visually-hidden">Loading the shop’s information…</span>
      <Skeleton height="20px" width="70%" />
      <Skeleton height="16px" />
      <Skeleton height="16px" />
      <Skeleton height="16px" width="85%" />
      <Skeleton height="16px" width="60%" />
    </div>
  );
}

function Problem({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="sf-notice shell-legal__problem" role="alert" data-testid="legal-error">
      <p>We couldn’t load the shop’s information just now.</p>
      <p className="shell-page__actions">
        <button type="button" className="sf-button" onClick={onRetry}>
          Try again
        </button>
        <Link className="sf-button sf-button--ghost" to="/contact">
          Contact us
        </Link>
      </p>
    </div>
  );
}

/** Every legal page, to move between them. */
function LegalNav() {
  const id = useId();
  return (
    <nav className="shell-legal__nav" aria-labelledby={id}>
      <h2 id={id}>More shop information</h2>
      <ul>
        {LEGAL_PAGES.map((page) => (
          <li key={page.path}>
            <NavLink to={page.path} end>
              {page.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LegalPageView({ page }: { page: LegalPage }) {
  const { data: shop, isError, isFetching, refetch } = useGetShellDisclosuresQuery();
  const body = useRef<HTMLDivElement>(null);
  // After Try again the button is gone: focus goes to what came instead, for a screen reader to read.
  const retrying = useRef(false);
  useEffect(() => {
    if (!retrying.current || isFetching) return;
    retrying.current = false;
    body.current?.focus();
  }, [isFetching]);
  const retry = () => {
    retrying.current = true;
    void refetch();
  };
  return (
    <div className="sf-container shell-page shell-legal" data-testid="legal-page">
      <h1>{page.name}</h1>
      <div className="shell-legal__layout">
        <div className="shell-legal__body" ref={body} tabIndex={-1}>
          {shop ? (
            <>
              {shop.sample && (
                <p className="shell-legal__sample" role="note" data-testid="legal-sample-note">
                  These are the sample details of a shop in development, not of a real business.
                </p>
              )}
              <Topic page={page} shop={shop} />
            </>
          ) : isError && !isFetching ? (
            <Problem onRetry={retry} />
          ) : (
            <Loading />
          )}
        </div>
        <LegalNav />
      </div>
    </div>
  );
}

/** /legal and its policies (shellPages.ts's LEGAL_PAGES), from the api's GET /shop/disclosures. */
export function LegalPages() {
  const { pathname } = useLocation();
  const page = legalPageAt(pathname);
  return page ? <LegalPageView page={page} /> : <NotFoundPage />;
}
