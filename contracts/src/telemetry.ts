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

/** A remote's full name as the composition gives it: `mfe-catalog`. */
const RemoteNameSchema = Type.Union([Type.Literal('mfe-catalog'), Type.Literal('mfe-product'), Type.Literal('mfe-cart'), Type.Literal('mfe-account')]);
/** A remote's version as its release folder names it. */
const VersionSchema = Type.String({ pattern: '^[0-9A-Za-z.+-]{1,64}$' });
const ArmSchema = Type.Union([Type.Literal('live'), Type.Literal('canary'), Type.Literal('preview')]);

/**
 * The edge's own report of the remotes it failed to render on its server since its last report,
 * signed with the telemetry secret (header x-telemetry-signature over the body as sent). Counted
 * once: a report older than two minutes, or one already counted, is refused.
 */
export const ServerRenderReportSchema = Type.Object(
  {
    failures: Type.Array(
      Type.Object(
        {
          remote: RemoteNameSchema,
          version: VersionSchema,
          arm: ArmSchema,
          count: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 64 },
    ),
    at: Type.String({ format: 'date-time', description: 'When the edge sent it (ISO 8601)' }),
  },
  { additionalProperties: false },
);

const Rate = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);
const Milliseconds = Type.Union([Type.Number({ minimum: 0 }), Type.Null()]);

/** What the browsers' reports and the edge's say of a set of page views. Rates and p75s are null without a view to judge by. */
export const HealthFiguresSchema = Type.Object(
  {
    pageViews: Type.Integer({ minimum: 0 }),
    /** Page views with a remote that failed to load (no retry recovered it), fell back on its known-good version, or caught an error. */
    failed: Type.Integer({ minimum: 0 }),
    errorRate: Rate,
    p75Lcp: Milliseconds,
    p75Inp: Milliseconds,
    /** Page views that measured an interaction (INP): a p75 of a handful says little. */
    inpSamples: Type.Integer({ minimum: 0 }),
    /** Renders the edge's server failed, by its own reports. */
    serverRenderFailures: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** One remote version's health over the window: its `failed` counts the page views where this remote failed. */
export const VersionHealthSchema = Type.Object(
  {
    remote: Type.String(),
    version: Type.String(),
    ...HealthFiguresSchema.properties,
  },
  { additionalProperties: false },
);

/** The running canary as the abort worker judges it: its arms' figures and where each rule stands. */
export const CanaryHealthSchema = Type.Object(
  {
    startedBy: Type.Integer({ minimum: 1 }),
    percent: Type.Number(),
    since: Type.String(),
    /** The canary's versions, by remote. */
    remotes: Type.Record(Type.String(), Type.String()),
    /** Every page view counted of this canary, by the arm it was served. */
    arms: Type.Object({ live: HealthFiguresSchema, canary: HealthFiguresSchema }, { additionalProperties: false }),
    /** The error rate's sequential test over the page views judged so far: the canary is aborted when the ratio reaches the bound. */
    errorTest: Type.Object(
      {
        logLikelihoodRatio: Type.Number(),
        bound: Type.Number(),
        margin: Type.Number(),
        alpha: Type.Number(),
        judged: Type.Object({ live: Type.Integer({ minimum: 0 }), canary: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
        liveRate: Rate,
        canaryRate: Rate,
      },
      { additionalProperties: false },
    ),
    /** The canary is aborted when both arms have minSamples and its p75 INP is marginMs worse than live's. */
    inp: Type.Object(
      {
        liveP75: Milliseconds,
        canaryP75: Milliseconds,
        liveSamples: Type.Integer({ minimum: 0 }),
        canarySamples: Type.Integer({ minimum: 0 }),
        marginMs: Type.Number(),
        minSamples: Type.Integer(),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** GET /operator/releases/health: the running canary, if any, and each remote version's health over the window. */
export const ReleaseHealthSchema = Type.Object(
  {
    window: Type.Object({ hours: Type.Integer({ minimum: 1 }), since: Type.String() }, { additionalProperties: false }),
    canary: Type.Union([CanaryHealthSchema, Type.Null()]),
    versions: Type.Array(VersionHealthSchema),
  },
  { additionalProperties: false },
);
