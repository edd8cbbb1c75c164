/**
 * The page view's health report: sent once, when the page is first hidden or left, to the shell's
 * own origin (the edge proxies /api, and the api takes a same-origin write). Only with the
 * page-view token the composition gave this page: without one (no telemetry on the server),
 * nothing is measured or sent. Never throws: a report is not worth a broken page.
 */
import { afterFirstLoad } from '../behaviour/afterFirstLoad';
import { pageHealthReport } from './pageHealth';

const TELEMETRY_URL = '/api/telemetry';

let started = false;

/** Sends `body` as JSON with a beacon; if there is no beacon or it is refused, once with a keepalive fetch. */
function send(body: string): void {
  try {
    if (navigator.sendBeacon(TELEMETRY_URL, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // no beacon, or a browser that refuses a JSON one: the fetch below
  }
  try {
    fetch(TELEMETRY_URL, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body }).catch(() => undefined);
  } catch {
    // nothing more to try
  }
}

/**
 * Starts this page view's report, `route` being the shell's name for the page it loaded on
 * (routeName.ts). Once per document: later calls do nothing.
 */
export function startPageViewReport(token: string | undefined, route: string): void {
  if (started || !token) return;
  started = true;
  const onHidden = (event: Event) => {
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    removeEventListener('visibilitychange', onHidden);
    removeEventListener('pagehide', onHidden);
    send(JSON.stringify(pageHealthReport(token, route)));
  };
  // On window, in the bubbling phase: after web-vitals' capture-phase listeners have given the final values.
  addEventListener('visibilitychange', onHidden);
  addEventListener('pagehide', onHidden);
  // web-vitals stays off the first load (a `later-` chunk, after the load event and an idle moment,
  // or the first interaction): its observers read the entries the browser buffered before it came.
  void afterFirstLoad()
    .then(() => import(/* webpackChunkName: "later-vitals" */ './vitals'))
    .then(({ measureVitals }) => measureVitals())
    .catch(() => undefined);
}
