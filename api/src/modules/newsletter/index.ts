/** What the newsletter gives other modules: signing up at checkout, and a shopper's consent for their own data. */
export { newsletterConsent, requestSubscription, type NewsletterMailing } from './subscriptions';
