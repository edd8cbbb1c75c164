import { baseApi, type ContactMessageInput } from '@storefront/shared';

export interface ApiMessage {
  message: string;
}

/** The footer's newsletter and the contact page: only the shell sends these. */
export const messagesApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    subscribeToNewsletter: build.mutation<ApiMessage, { email: string }>({
      query: (body) => ({ url: 'newsletter', method: 'POST', body }),
    }),
    sendContactMessage: build.mutation<ApiMessage, ContactMessageInput>({
      query: (body) => ({ url: 'contact-messages', method: 'POST', body }),
    }),
  }),
});

export const { useSubscribeToNewsletterMutation, useSendContactMessageMutation } = messagesApi;
