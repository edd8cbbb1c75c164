/**
 * For the shell's component tests only: a store on the real test api, with some of the api's
 * answers given by the test instead (an endpoint the api has not got yet, or an answer it gives
 * rarely: an expired link, a failure), and every request and answer recorded.
 */
import { createStorefrontStore } from '@storefront/shared';
import { createCookieJarFetch, testApiUrl } from '@storefront/shared/testing';
import type { ShopDisclosures } from '../api/shopApi';

export interface FixtureAnswer {
  status: number;
  body?: unknown;
}

/** By "METHOD /path" (the api's own path, without its base): the answer the test gives. */
export type FixtureRoutes = Record<string, (body: unknown) => FixtureAnswer>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  status: number;
  answer: unknown;
}

function parsed(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** A store for one new shopper: the routes' answers from the test, the rest from the real api. */
export function fixtureStore(routes: FixtureRoutes = {}) {
  const apiBase = testApiUrl();
  const basePath = new URL(apiBase).pathname.replace(/\/$/, '');
  const real = createCookieJarFetch();
  const requests: RecordedRequest[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.slice(basePath.length);
    const sent = parsed(request.method === 'GET' ? '' : await request.clone().text());
    const fixture = routes[`${request.method} ${path}`];
    const response = fixture
      ? (() => {
          const { status, body } = fixture(sent);
          return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        })()
      : await real(request);
    requests.push({ method: request.method, path, body: sent, status: response.status, answer: parsed(await response.clone().text()) });
    return response;
  };
  const store = createStorefrontStore({ config: { apiBase, assetHost: `${apiBase}/images/` }, fetchFn });
  return { store, requests };
}

/** GET /shop/disclosures as the api answers it for a development shop. */
export const SAMPLE_DISCLOSURES: ShopDisclosures = {
  legalName: 'Jacaranda Trading (Pty) Ltd',
  registrationNumber: '2019/123456/07',
  vatNumber: '4123456789',
  address: ['12 Jacaranda Street', 'Hatfield', 'Pretoria', '0083'],
  email: 'hello@jacaranda.co.za',
  phone: '+27 12 345 6789',
  returnsPolicy: ['You may return an unused item within 30 days of delivery.', 'We refund the price to your bank account within 7 days of receiving it.'],
  deliveryPolicy: ['We deliver anywhere in South Africa within 5 working days.', 'Collection from our shop is free.'],
  privacyPolicy: ['We collect only what we need to deliver your order.', 'We never sell your personal information.'],
  paymentSecurity: ['Pay by EFT into our bank account, or in cash on delivery.', 'We never ask for your card or banking passwords.'],
  deliveryFee: 9900,
  sample: true,
};
