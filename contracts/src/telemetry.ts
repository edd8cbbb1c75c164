import { Type } from 'typebox';

/** The remotes a report may name, by their short names. */
export const TELEMETRY_REMOTES = ['catalog', 'product', 'cart', 'account'] as const;

/** Counts a page can make: generous for a page left open all day, bounded so a report stays small. */
const Count = Type.Integer({ minimum: 0, maximum: 1000 });

/** What one remote did on the page: only remotes with something to report are named. */
export const TelemetryRemoteSchema = Type.Object(
  {
    loadFailures: Type.Optional(Count),
    retries: Type.Optional(Count),
    fallback: Type.Optional(Type.Boolean({ description: 'The page fell back on the known-good version of this remote' })),
    caughtErrors: Type.Optional(Count),
  },
  { additionalProperties: false },
);

/**
 * One page view's health, sent once when the page is hidden or left (navigator.sendBeacon). No
 * personal data: the route's name, counts and timings. Counted only with the page-view token the
 * shell's server gave that page, and attributed to the versions the token names.
 */
export const TelemetryReportSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 1024, description: 'The page-view token from /composition.json (pageView)' }),
    route: Type.String({ pattern: '^[a-z][a-z0-9-]{0,31}$', description: "The shell's name for the page's route, such as product" }),
    remotes: Type.Optional(
      Type.Object(
        Object.fromEntries(TELEMETRY_REMOTES.map((remote) => [remote, Type.Optional(TelemetryRemoteSchema)])) as Record<(typeof TELEMETRY_REMOTES)[number], ReturnType<typeof Type.Optional<typeof TelemetryRemoteSchema>>>,
        { additionalProperties: false },
      ),
    ),
    vitals: Type.Optional(
      Type.Object(
        {
          lcp: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000, description: 'Largest Contentful Paint, ms' })),
          inp: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000, description: 'Interaction to Next Paint, ms' })),
          cls: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Cumulative Layout Shift' })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
