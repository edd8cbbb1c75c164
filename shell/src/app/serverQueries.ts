/**
 * A page the server rendered comes with the answers it was drawn with (edge/src/serverRender.ts
 * writes them after #root). The store starts with them, so the browser's first render draws the
 * same page without asking the api again: no second request for the home page's carousels or the
 * shop's products, and no wait for them before the page answers input.
 */
import { baseApi, SERVER_QUERIES_ELEMENT_ID, type AppStore, type ServerQueryEntry } from '@storefront/shared';
import { EARLY_ANSWERED_ENDPOINTS } from './earlyAnsweredEndpoints';
// The shell's own reads are on the api slice before the server's answers are put in: a page of the
// shell's the server drew (the legal pages) came with the shop's disclosures, which it hydrates from.
import '../api/shopApi';

function isEntry(value: unknown): value is ServerQueryEntry {
  return typeof value === 'object' && value !== null && typeof (value as { endpointName?: unknown }).endpointName === 'string' && 'value' in value;
}

/** The answers in the page, or none if it has none or they cannot be read. */
export function readServerQueries(document: Document): ServerQueryEntry[] {
  const text = document.getElementById(SERVER_QUERIES_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/**
 * Puts the answers in the store as if it had asked for them itself, but those of an endpoint this
 * version of the api slice does not have (a remote's server bundle may be newer or older than the
 * shared package here). Returns how many it put; a failure is logged and puts none.
 */
export function upsertAnswers(store: AppStore, entries: readonly ServerQueryEntry[]): number {
  const endpoints: Record<string, unknown> = baseApi.endpoints;
  const usable = entries.filter(({ endpointName }) => Object.hasOwn(endpoints, endpointName));
  if (usable.length === 0) return 0;
  try {
    store.dispatch(baseApi.util.upsertQueryEntries(usable as Parameters<typeof baseApi.util.upsertQueryEntries>[0]));
    return usable.length;
  } catch (error) {
    // Not the page's end: its queries ask the api as they would without a server render.
    console.error('The answers the server sent with the page could not be used:', error);
    return 0;
  }
}

/**
 * The browser's store starts with the server's answers (upsertAnswers), but those the entry asked
 * for early (earlyAnswers.ts), whose own answer is waiting to be handed to the store's first
 * request for them.
 */
export function startWithServerQueries(store: AppStore, entries: readonly ServerQueryEntry[]): number {
  return upsertAnswers(store, entries.filter(({ endpointName }) => !EARLY_ANSWERED_ENDPOINTS.has(endpointName)));
}
