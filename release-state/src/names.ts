/** The names the edge, the shell and the api share: one definition each. */

/** The browser's random id, which puts it in a canary or not (canary.ts); it says nothing of the shopper. */
export const CANARY_COOKIE = 'sf_release';
/** A year: a browser keeps its id across visits. */
export const CANARY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Where the browser sends its page-view reports (the api's, through the edge's /api proxy). */
export const TELEMETRY_PATH = '/api/telemetry';
/** The header on the edge's own reports to the api (its render failures): the HMAC of the body with the telemetry secret. */
export const SERVER_REPORT_SIGNATURE_HEADER = 'x-telemetry-signature';
