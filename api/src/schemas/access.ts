/**
 * Who may call a route, as its schema tells the OpenAPI document (`schema.security`). These only
 * describe: the checks themselves are the routes' hooks and handlers (the shopper cookie, the
 * session, the operator check). The schemes they name are plugins/openapi.ts's.
 */
export const access = {
  /** No cookie or token is needed, and none read. */
  anyone: [],
  /**
   * The shopper's own cart, wishlist and orders: the account's when signed in, else the shopper
   * cookie's; without either the api makes a new shopper and sets its cookie.
   */
  shopper: [{ session: [] }, { shopper: [] }, {}],
  /** A signed-in shopper (401 `not_signed_in` otherwise). */
  signedIn: [{ session: [] }],
  /** A session that may or may not be signed in: a guest gets an answer too. */
  maybeSignedIn: [{ session: [] }, {}],
  /** An operator's session, or the command line's token on the api's own machine (401, 403 otherwise). */
  operator: [{ session: [] }, { commandLine: [] }],
  /** The command line's token alone, on the api's own machine (403 `command_line_only` otherwise). */
  commandLine: [{ commandLine: [] }],
  /** The edge's own reports, signed with the telemetry secret it shares with the api (401 `unsigned_report` otherwise). */
  edge: [{ edgeSignature: [] }],
} as const;
