import { baseApi, type ApiMessage, type ContactMessageInput, type NewsletterSignUp, type NewsletterToken } from '@storefront/shared';

/**
 * The footer's newsletter, the pages its mails link to, and the contact page: only the shell
 * sends these. A subscription is confirmed from the mail (POST /newsletter answers 202 and mails
 * the link); confirming and unsubscribing are posts, never a page merely opened.
 */
export const messagesApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    subscribeToNewsletter: build.mutation<ApiMessage, NewsletterSignUp>({
      query: (body) => ({ url: 'newsletter', method: 'POST', body }),
    }),
    confirmNewsletter: build.mutation<ApiMessage, NewsletterToken>({
      query: (body) => ({ url: 'newsletter/confirm', method: 'POST', body }),
    }),
    unsubscribeFromNewsletter: build.mutation<ApiMessage, NewsletterToken>({
      query: (body) => ({ url: 'newsletter/unsubscribe', method: 'POST', body }),
    }),
    sendContactMessage: build.mutation<ApiMessage, ContactMessageInput>({
      query: (body) => ({ url: 'contact-messages', method: 'POST', body }),
    }),
  }),
});

export const { useSubscribeToNewsletterMutation, useConfirmNewsletterMutation, useUnsubscribeFromNewsletterMutation, useSendContactMessageMutation } = messagesApi;
