/**
 * A page the server rendered comes with the answers it was drawn with (edge/src/serverRender.ts
 * writes them after #root). The store starts with them, so the browser's first render draws the
 * same page without asking the api again: no second request for the home page's carousels or the
 * shop's products, and no wait for them before the page answers input.
 */
import { baseApi, SERVER_QUERIES_ELEMENT_ID, type AppStore, type ServerQueryEntry } from '@storefront/shared';
import { EARLY_ANSWERED_ENDPOINTS } from './earlyAnsweredEndpoints';

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

/** Whether this api slice has the endpoint now: a remote injects its own when its module is evaluated. */
function isKnown({ endpointName }: ServerQueryEntry): boolean {
  return Object.hasOwn(baseApi.endpoints as Record<string, unknown>, endpointName);
}

/** Answers for endpoints a remote has not injected yet, each with the store it goes into. */
let waiting: { store: AppStore; entries: ServerQueryEntry[] }[] = [];

/**
 * Puts the answers in the store as if it had asked for them itself. Those of an endpoint this api
 * slice does not have are left out, or, with `wait`, kept until a remote's module injects it
 * (takeUpWaitingAnswers): a remote's own reads the server drew its region with are not asked for
 * again. Returns how many it put; a failure is logged and puts none.
 */
export function upsertAnswers(store: AppStore, entries: readonly ServerQueryEntry[], { wait = false }: { wait?: boolean } = {}): number {
  const usable = entries.filter(isKnown);
  if (wait) {
    const unknown = entries.filter((entry) => !isKnown(entry));
    if (unknown.length > 0) waiting.push({ store, entries: unknown });
  }
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
 * After a remote's module was evaluated: the answers waiting for the endpoints it injected go into
 * their stores. Returns how many went in. An endpoint no module ever injects (a newer server
 * bundle's) keeps its answers waiting, unused.
 */
export function takeUpWaitingAnswers(): number {
  let taken = 0;
  for (const wait of waiting) {
    const now = wait.entries.filter(isKnown);
    if (now.length === 0) continue;
    wait.entries = wait.entries.filter((entry) => !isKnown(entry));
    taken += upsertAnswers(wait.store, now);
  }
  waiting = waiting.filter((wait) => wait.entries.length > 0);
  return taken;
}

/**
 * The browser's store starts with the server's answers (upsertAnswers, those of a remote's own
 * endpoints once it injects them), but those the entry asked for early (earlyAnswers.ts), whose
 * own answer is waiting to be handed to the store's first request for them.
 */
export function startWithServerQueries(store: AppStore, entries: readonly ServerQueryEntry[]): number {
  return upsertAnswers(
    store,
    entries.filter(({ endpointName }) => !EARLY_ANSWERED_ENDPOINTS.has(endpointName)),
    { wait: true },
  );
}
