/**
 * The names the edge and the api share on the wire (cookies, headers, paths): one definition
 * each, so the edge reads the cookies the api writes by the same names.
 */

/** The browser's own anonymous shopper id, which the api issues (its cart and wishlist are the shopper's). */
export const SHOPPER_COOKIE = 'sf_shopper';
/** A signed-in session's token. */
export const SESSION_COOKIE = 'sf_session';
/**
 * Where the shop is on https a cookie is written `__Host-<name>` (Secure, Path=/, no Domain), and
 * read first under that name.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

/** The browser's random id, which puts it in a canary or not; it says nothing of the shopper. */
export const CANARY_COOKIE = 'sf_release';
/** A year: a browser keeps its id across visits. */
export const CANARY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Where the browser sends its page-view reports (the api's, through the edge's /api proxy). */
export const TELEMETRY_PATH = '/api/telemetry';
/** The header on the edge's own reports to the api (its render failures): the HMAC of the body with the telemetry secret. */
export const SERVER_REPORT_SIGNATURE_HEADER = 'x-telemetry-signature';
