/**
 * Compositions in PostgreSQL, for a shop with several edge processes behind a load balancer: one
 * truth that every edge follows. Each environment is a row (`composition_environments`: its live
 * revision, and a count of changes) and its revisions are rows beside it
 * (`composition_revisions`, the revision's JSON as the file store keeps it).
 *
 * - **One change wins.** A publish takes the environment's row FOR UPDATE, checks that the
 *   revision it was made on is still the newest, writes the revision and the live pointer and
 *   commits: of two `set`s at the same moment, from any machines, exactly one wins and the other
 *   is refused with CompositionConflict, writing nothing.
 * - **Every edge within a second.** A write sends NOTIFY on `storefront_composition` with the
 *   environment's name in the same transaction; an edge that follows (`follow`) LISTENs, and asks
 *   again every few seconds besides, in case a notification was missed while its connection was
 *   down. Its change token then costs a page nothing.
 * - **Edges only read.** The schema grants SELECT to the role `storefront_composition_reader`; an
 *   edge connects as a login role in it (COMPOSITION_READER_URL), and refuses to start when its
 *   role could write (`canWrite`). Only the compose command and the api, with DATABASE_URL, write.
 */
import pg from 'pg';
import {
  checkedRevision,
  CompositionConflict,
  nextRevisions,
  readDocument,
  revisionFromJson,
  type CompositionDocument,
  type CompositionStore,
  type LiveComposition,
  type Revision,
  type RevisionChange,
} from './store';

export const COMPOSITION_CHANNEL = 'storefront_composition';
export const COMPOSITION_READER_ROLE = 'storefront_composition_reader';
const DEFAULT_POLL_MS = 5_000;
const RECONNECT_MS = 1_000;

/** Creates the tables once per database (under a lock: several commands may start at once) and lets the reader role read them. */
const SCHEMA = `
SELECT pg_advisory_xact_lock(hashtext('storefront_composition_schema'));
CREATE TABLE IF NOT EXISTS composition_environments (
  name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9-]{0,31}$'),
  live_revision integer,
  changes bigint NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS composition_revisions (
  environment text NOT NULL REFERENCES composition_environments (name),
  revision integer NOT NULL CHECK (revision > 0),
  body jsonb NOT NULL,
  PRIMARY KEY (environment, revision)
);
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${COMPOSITION_READER_ROLE}') THEN
    CREATE ROLE ${COMPOSITION_READER_ROLE} NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN NULL;
END $$;
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = '${COMPOSITION_READER_ROLE}') THEN
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO ${COMPOSITION_READER_ROLE}', current_schema());
    GRANT SELECT ON composition_environments, composition_revisions TO ${COMPOSITION_READER_ROLE};
  END IF;
EXCEPTION WHEN insufficient_privilege THEN NULL;
END $$;
`;

export interface PgStoreOptions {
  connectionString: string;
  environment: string;
  /** The environment's files on this machine: brought in by `upgrade` while the database has no revision of it. */
  importFrom?: CompositionStore;
}

export interface FollowOptions {
  /** How often the live pointer is asked for besides the notifications (5 s). */
  pollMs?: number;
  log?: (line: string) => void;
}

/** How many changes a token (`<live revision>:<changes>`) counts. */
function changesOf(token: string): number {
  return Number(token.slice(token.indexOf(':') + 1));
}

/** A table that is not there yet: nothing has been composed in this database. */
function isMissingTable(error: unknown): boolean {
  return (error as { code?: string }).code === '42P01';
}

/** `postgres db.example:5432/shop`: where, never who or with what password. */
function describeServer(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `postgres ${url.host}${url.pathname}`;
  } catch {
    return 'postgres';
  }
}

export class PgCompositionStore implements CompositionStore {
  readonly name: string;
  private readonly pool: pg.Pool;
  private schemaReady: Promise<void> | null = null;
  /** While following: the latest token known, the connection that listens, the poll. */
  private following: { token: string | null; ready: boolean; listener: pg.Client | null; timer: NodeJS.Timeout | null; closed: boolean; failing: boolean } | null = null;
  private log: (line: string) => void = (line) => console.error(line);

  constructor(private readonly options: PgStoreOptions) {
    this.name = `${describeServer(options.connectionString)} (environment ${options.environment})`;
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: 3, idleTimeoutMillis: 10_000 });
    // A connection that drops while idle is replaced on the next query; it must not end the process.
    this.pool.on('error', () => undefined);
  }

  private get environment(): string {
    return this.options.environment;
  }

  /** The tables, made by the first writer of a database (every write makes sure of them). */
  ensureSchema(): Promise<void> {
    this.schemaReady ??= (async () => {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(SCHEMA);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    })();
    this.schemaReady.catch(() => {
      this.schemaReady = null;
    });
    return this.schemaReady;
  }

  /** Rows of a read, or none while nothing has been composed in this database. */
  private async read<T extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<T[]> {
    try {
      return (await this.pool.query<T>(sql, params)).rows;
    } catch (error) {
      if (isMissingTable(error)) return [];
      throw error;
    }
  }

  private async askToken(): Promise<string | null> {
    const [row] = await this.read<{ live_revision: number | null; changes: string }>('SELECT live_revision, changes FROM composition_environments WHERE name = $1', [this.environment]);
    return row?.live_revision ? `${row.live_revision}:${row.changes}` : null;
  }

  async changeToken(): Promise<string | null> {
    const following = this.following;
    if (!following) return this.askToken();
    if (!following.ready) await this.refresh();
    return following.token;
  }

  async live(): Promise<LiveComposition | null> {
    const [row] = await this.read<{ live_revision: number; composition: unknown }>(
      `SELECT e.live_revision, r.body -> 'composition' AS composition
         FROM composition_environments e JOIN composition_revisions r ON r.environment = e.name AND r.revision = e.live_revision
        WHERE e.name = $1`,
      [this.environment],
    );
    return row ? { revision: row.live_revision, document: readDocument(row.composition as Parameters<typeof readDocument>[0]) } : null;
  }

  async revisions(): Promise<Revision[]> {
    const rows = await this.read<{ body: unknown }>('SELECT body FROM composition_revisions WHERE environment = $1 ORDER BY revision', [this.environment]);
    return rows.map((row) => revisionFromJson(row.body, `${this.environment}`));
  }

  async revision(revision: number): Promise<Revision | null> {
    if (!Number.isInteger(revision) || revision < 1) return null;
    const [row] = await this.read<{ body: unknown }>('SELECT body FROM composition_revisions WHERE environment = $1 AND revision = $2', [this.environment, revision]);
    return row ? revisionFromJson(row.body, `${revision} of ${this.environment}`) : null;
  }

  /** Runs `work` in a transaction holding the environment's row, and tells every edge when it commits. */
  private async changing<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.ensureSchema();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO composition_environments (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [this.environment]);
      await client.query('SELECT 1 FROM composition_environments WHERE name = $1 FOR UPDATE', [this.environment]);
      const result = await work(client);
      await client.query('UPDATE composition_environments SET changes = changes + 1 WHERE name = $1', [this.environment]);
      await client.query('SELECT pg_notify($1, $2)', [COMPOSITION_CHANNEL, this.environment]);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async insertRevisions(client: pg.PoolClient, revisions: readonly Revision[], live: number | null): Promise<void> {
    for (const revision of revisions) {
      await client.query('INSERT INTO composition_revisions (environment, revision, body) VALUES ($1, $2, $3)', [this.environment, revision.revision, JSON.stringify(revision)]);
    }
    if (live !== null) await client.query('UPDATE composition_environments SET live_revision = $2 WHERE name = $1', [this.environment, live]);
  }

  private async newestIn(client: pg.PoolClient): Promise<Revision | null> {
    const { rows } = await client.query<{ body: unknown }>('SELECT body FROM composition_revisions WHERE environment = $1 ORDER BY revision DESC LIMIT 1', [this.environment]);
    return rows[0] ? revisionFromJson(rows[0].body, `newest of ${this.environment}`) : null;
  }

  publish(change: RevisionChange, basedOn: number, servedBefore?: CompositionDocument): Promise<Revision> {
    return this.changing(async (client) => {
      const newest = await this.newestIn(client);
      if ((newest?.revision ?? 0) !== basedOn) {
        if (newest) throw new CompositionConflict(newest);
        throw new Error(`the change was made on revision ${basedOn}, and there is none`);
      }
      const written = nextRevisions(newest, change, servedBefore);
      const revision = written[written.length - 1] as Revision;
      await this.insertRevisions(client, written, revision.revision);
      return revision;
    });
  }

  async markChecked(revision: number, at: Date, shell: Record<string, string>, facts?: Revision['facts']): Promise<void> {
    await this.changing(async (client) => {
      const { rows } = await client.query<{ body: unknown }>('SELECT body FROM composition_revisions WHERE environment = $1 AND revision = $2', [this.environment, revision]);
      if (!rows[0]) throw new Error(`there is no revision ${revision}`);
      const found = revisionFromJson(rows[0].body, String(revision));
      if (found.checkedAt) return;
      await client.query('UPDATE composition_revisions SET body = $3 WHERE environment = $1 AND revision = $2', [this.environment, revision, JSON.stringify(checkedRevision(found, at, shell, facts))]);
    });
  }

  /** Brings in this environment's revisions from this machine's files while the database has none, numbers and all. */
  async upgrade(): Promise<void> {
    const files = this.options.importFrom;
    if (!files || (await this.read('SELECT 1 FROM composition_revisions WHERE environment = $1 LIMIT 1', [this.environment])).length > 0) return;
    await files.upgrade();
    const [revisions, live] = await Promise.all([files.revisions(), files.live()]);
    if (revisions.length === 0) return;
    await this.changing(async (client) => {
      if (await this.newestIn(client)) return;
      await this.insertRevisions(client, revisions, live?.revision ?? revisions[revisions.length - 1]?.revision ?? null);
    });
  }

  /**
   * Whether the role connected could change compositions: write the tables, or create them
   * before the compose command does (and own them). An edge's must not.
   */
  async canWrite(): Promise<boolean> {
    const { rows } = await this.pool.query<{ can: boolean }>(
      `SELECT CASE WHEN to_regclass('composition_revisions') IS NULL OR to_regclass('composition_environments') IS NULL
                   THEN has_schema_privilege(current_schema(), 'CREATE')
                   ELSE has_table_privilege('composition_revisions', 'INSERT, UPDATE, DELETE, TRUNCATE')
                     OR has_table_privilege('composition_environments', 'INSERT, UPDATE, DELETE, TRUNCATE')
                     OR has_schema_privilege(current_schema(), 'CREATE') END AS can`,
    );
    return rows[0]?.can === true;
  }

  /**
   * Follows the live pointer (for the edge): LISTEN for the writers' notifications, and ask every
   * `pollMs` besides; `changeToken` then answers from memory. Resolves once the first answer is in.
   */
  async follow({ pollMs = DEFAULT_POLL_MS, log = (line) => console.error(line) }: FollowOptions = {}): Promise<void> {
    if (this.following) return;
    const following = { token: null as string | null, ready: false, listener: null as pg.Client | null, timer: null as NodeJS.Timeout | null, closed: false, failing: false };
    this.following = following;
    this.log = log;
    following.timer = setInterval(() => void this.refresh().catch(() => undefined), pollMs);
    following.timer.unref();
    await this.listen();
    await this.refresh();
  }

  /**
   * Asks for the live pointer. When the database does not answer, the last one known stays (said
   * once per outage); with none known yet, the failure is the caller's.
   */
  private refresh(): Promise<void> {
    const following = this.following;
    if (!following) return Promise.resolve();
    return this.askToken().then(
      (token) => {
        if (following.failing) this.log(`[compositions] ${this.name} answers again`);
        following.failing = false;
        // Two asks in flight (a notification's and the poll's) may answer out of order: the count
        // of changes only grows, so an older answer never replaces a newer one.
        if (token === null || following.token === null || changesOf(token) >= changesOf(following.token)) following.token = token;
        following.ready = true;
      },
      (error: unknown) => {
        if (!following.failing) this.log(`[compositions] ${this.name} does not answer; serving what was live: ${error instanceof Error ? error.message : String(error)}`);
        following.failing = true;
        if (!following.ready) throw error;
      },
    );
  }

  /** One connection that LISTENs; when it drops, another after a second (and the pointer asked for again). */
  private async listen(): Promise<void> {
    const following = this.following;
    if (!following || following.closed) return;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    const again = () => {
      if (following.listener !== client) return;
      following.listener = null;
      client.end().catch(() => undefined);
      if (following.closed) return;
      setTimeout(() => {
        void this.listen();
        void this.refresh().catch(() => undefined);
      }, RECONNECT_MS).unref();
    };
    following.listener = client;
    client.on('error', again);
    client.on('end', again);
    client.on('notification', (message) => {
      if (message.channel === COMPOSITION_CHANNEL && message.payload === this.environment) void this.refresh().catch(() => undefined);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${COMPOSITION_CHANNEL}`);
    } catch (error) {
      this.log(`[compositions] cannot listen for changes at ${this.name} (asking every few seconds instead): ${error instanceof Error ? error.message : String(error)}`);
      again();
    }
  }

  async close(): Promise<void> {
    const following = this.following;
    if (following) {
      following.closed = true;
      if (following.timer) clearInterval(following.timer);
      const listener = following.listener;
      following.listener = null;
      await listener?.end().catch(() => undefined);
    }
    await this.pool.end().catch(() => undefined);
  }
}

/** The login role `npm start` gives its edge when it is not given one (COMPOSITION_READER_URL). */
export const EDGE_LOGIN_ROLE = 'storefront_edge';

/**
 * A connection string for an edge on this machine: the schema made (as its owner), and the login
 * role `storefront_edge`, a member of the reader role only, given a new random password each time
 * (so it is known to this run alone). Needs a server role that may create roles; a shop whose
 * edges run elsewhere makes its own reader login and gives it as COMPOSITION_READER_URL.
 */
export async function edgeReaderUrl(ownerUrl: string, password: string): Promise<string> {
  const owner = new PgCompositionStore({ connectionString: ownerUrl, environment: 'production' });
  try {
    await owner.ensureSchema();
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    try {
      const literal = client.escapeLiteral(password);
      await client.query(`DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${EDGE_LOGIN_ROLE}') THEN
    CREATE ROLE ${EDGE_LOGIN_ROLE} LOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$`);
      await client.query(`ALTER ROLE ${EDGE_LOGIN_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${literal}`);
      await client.query(`GRANT ${COMPOSITION_READER_ROLE} TO ${EDGE_LOGIN_ROLE}`);
    } finally {
      await client.end();
    }
  } catch (error) {
    throw new Error(`cannot make the edge's reader role at ${describeServer(ownerUrl)} (${error instanceof Error ? error.message : String(error)}): make a login role in ${COMPOSITION_READER_ROLE} and give it as COMPOSITION_READER_URL`, { cause: error });
  } finally {
    await owner.close();
  }
  const url = new URL(ownerUrl);
  url.username = EDGE_LOGIN_ROLE;
  url.password = password;
  return url.toString();
}

