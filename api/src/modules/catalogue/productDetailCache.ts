import { createHash, randomBytes } from 'node:crypto';
import type { Database, Subscription } from '../../db/database';

/** The channel migration 008's triggers notify on. */
export const PRODUCT_CHANGED_CHANNEL = 'product_changed';

/** A product's answer, ready to write: the serialised body and its ETag. */
export interface CachedBody {
  productId: string;
  body: Buffer;
  etag: string;
}

/** An answer of a catalogue read (a listing page, facets, suggestions), ready to write. */
export interface CachedAnswer {
  body: Buffer;
  /** A listing page's X-Total-Count. */
  total?: number;
  /** A listing page's X-Search-Showing: the search as run, when a word was corrected. */
  showing?: string;
  /** When it stops being right without any change to a product (ms since 1970): a sale's end. */
  expiresAt?: number;
}

export interface ProductDetailCacheOptions {
  /** At most this many answers are kept; the least recently used go first. */
  maxEntries?: number;
  /** …and at most this many bytes of bodies. */
  maxBytes?: number;
  /** A write's barrier not heard back within this long means the listener may be dead. */
  syncTimeoutMs?: number;
  /** At most this many catalogue answers are kept, least recently used first out… */
  maxAnswers?: number;
  /** …and at most this many bytes of them. */
  maxAnswerBytes?: number;
}

const DEFAULT_MAX_ENTRIES = 20_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_SYNC_TIMEOUT_MS = 2_000;
const DEFAULT_MAX_ANSWERS = 2_000;
const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** Past this many remembered changes, in-flight reads are refused wholesale instead. */
const MAX_REMEMBERED_CHANGES = 10_000;
/** A barrier's payload: no product id holds '-' (001_init's CHECK), so the two never mix. */
const BARRIER_PREFIX = 'sync-';
/** Only such keys are cached: lower-case ASCII, which lower() in SQL and in JS agree on. */
const CACHEABLE_KEY = /^[\x20-\x40\x5b-\x7e]{1,200}$/;

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header names `etag` (or is "*"); weak comparison, as for GET. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

interface PendingRead {
  generation: number;
  result: Promise<CachedBody | null>;
}

/**
 * GET /products/{id} answers, kept in memory and dropped the moment the database says a product
 * changed (LISTEN product_changed; migration 008's triggers cover every table the answer is
 * built from). It never serves what a shopper could tell is stale:
 *
 * - A read that began before a change and ends after its notification is not stored: each
 *   notification bumps `generation`, and a read is stored only if neither its product nor its key
 *   changed since it began. One that ends before the notification is stored and then dropped by it.
 * - Writes through this api that change products (routes with `config.changesProducts`) wait for
 *   `sync()`, a NOTIFY of our own that arrives after every notification committed before it, so
 *   the shopper's next GET is never answered from before them.
 * - Without a working LISTEN nothing is served from or stored in memory: when the connection is
 *   lost everything is dropped, and it is used again only once listening has resumed.
 *
 * It also keeps answers of catalogue reads (pages of GET /products, GET /products/facets,
 * GET /search/suggest), under a key naming the query; one that reads the clock until it expires. Any change to any product may change any of them (a product joins or
 * leaves one, or moves), so all are dropped at every notification, and one read while a
 * notification was heard is not stored.
 */
export class ProductDetailCache {
  /** key → answer; a Map keeps insertion order, so the first entry is the least recently used. */
  private readonly entries = new Map<string, CachedBody>();
  private readonly keysByProduct = new Map<string, Set<string>>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly syncTimeoutMs: number;

  /** The subscription says it is listening… */
  private subscribed = false;
  /** …and no barrier went unheard since (then the next notification heard proves it alive). */
  private suspended = false;
  private generation = 0;
  /** product id or key → generation of its last change, kept while reads are in flight. */
  private readonly changedAt = new Map<string, number>();
  /** Reads begun at or before this generation are not stored (after a drop of everything). */
  private refuseBefore = 0;
  private readsInFlight = 0;
  private readonly pending = new Map<string, PendingRead>();
  /** answer key → answer; insertion order again keeps the least recently used first. */
  private readonly answers = new Map<string, CachedAnswer>();
  private answerBytes = 0;
  private readonly pendingAnswers = new Map<string, { generation: number; result: Promise<CachedAnswer> }>();
  private readonly maxAnswers: number;
  private readonly maxAnswerBytes: number;
  private readonly barriers = new Map<string, () => void>();
  private schemaPrefix: string | null = null;
  private subscription: Subscription | null = null;
  private readonly database: Database;

  constructor(database: Database, options: ProductDetailCacheOptions = {}) {
    this.database = database;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.syncTimeoutMs = options.syncTimeoutMs ?? DEFAULT_SYNC_TIMEOUT_MS;
    this.maxAnswers = options.maxAnswers ?? DEFAULT_MAX_ANSWERS;
    this.maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  }

  /** Starts listening; until it does (or whenever it cannot), every read goes to the database. */
  async start(): Promise<void> {
    const schema = await this.database.query<{ schema: string }>('SELECT current_schema() AS schema');
    this.schemaPrefix = `${schema.rows[0]?.schema ?? 'public'}/`;
    this.subscription = await this.database.listen(PRODUCT_CHANGED_CHANNEL, {
      notification: (payload) => this.notified(payload),
      listening: (active) => {
        this.subscribed = active;
        this.dropEverything();
      },
    });
  }

  async close(): Promise<void> {
    this.subscribed = false;
    this.dropEverything();
    await this.subscription?.close();
    this.subscription = null;
  }

  /**
   * A number that changes whenever the catalogue may have changed (every change heard, and every
   * drop of everything); NaN while no change can be heard, so nothing keyed by it is ever reused.
   */
  get changeStamp(): number {
    return this.isListening ? this.generation : Number.NaN;
  }

  /** Whether memory is in use: false while LISTEN is down or in doubt. */
  get isListening(): boolean {
    return this.subscribed && !this.suspended;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The stored answer for `key`, or undefined (a miss, or not listening). */
  lookup(key: string): CachedBody | undefined {
    if (!this.isListening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used goes last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Reads `key` with `load` and stores the answer when it is safe to (see the class comment).
   * Requests for a key already being read since the last change share that read.
   */
  read(key: string, load: () => Promise<CachedBody | null>): Promise<CachedBody | null> {
    if (!this.isListening || !CACHEABLE_KEY.test(key)) return load();
    const shared = this.pending.get(key);
    if (shared && shared.generation === this.generation) return shared.result;

    const began = this.generation;
    this.readsInFlight += 1;
    const result = load()
      .then((answer) => {
        if (answer && this.mayStore(key, answer.productId, began)) this.store(key, answer);
        return answer;
      })
      .finally(() => {
        if (this.pending.get(key)?.result === result) this.pending.delete(key);
        this.readEnded();
      });
    this.pending.set(key, { generation: began, result });
    return result;
  }

  /**
   * The answers for several products by id, in the order asked: those in memory from it, the
   * rest read together by `load` (one query for a listing's page) and stored under their ids, as
   * safely as `read` stores one. An id `load` finds no product for is left out.
   */
  async readMany(ids: readonly string[], load: (missing: string[]) => Promise<CachedBody[]>): Promise<CachedBody[]> {
    const found = new Map<string, CachedBody>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.lookup(id);
      if (hit) found.set(id, hit);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const began = this.generation;
      this.readsInFlight += 1;
      try {
        for (const answer of await load(missing)) {
          found.set(answer.productId, answer);
          if (CACHEABLE_KEY.test(answer.productId) && this.mayStore(answer.productId, answer.productId, began)) {
            this.store(answer.productId, answer);
          }
        }
      } finally {
        this.readEnded();
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The stored catalogue answer for `key`, or undefined (a miss, or not listening). */
  lookupAnswer(key: string): CachedAnswer | undefined {
    if (!this.isListening) return undefined;
    const answer = this.answers.get(key);
    if (!answer) return undefined;
    this.answers.delete(key);
    if (answer.expiresAt !== undefined && Date.now() >= answer.expiresAt) {
      this.answerBytes -= answer.body.length;
      return undefined;
    }
    this.answers.set(key, answer);
    return answer;
  }

  /**
   * The catalogue answer for `key`: from memory, or read with `load` and stored unless a
   * notification was heard meanwhile. Requests for a key already being read since the last
   * notification share that read.
   */
  answer(key: string, load: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const stored = this.lookupAnswer(key);
    if (stored) return Promise.resolve(stored);
    if (!this.isListening) return load();
    const shared = this.pendingAnswers.get(key);
    if (shared && shared.generation === this.generation) return shared.result;
    const began = this.generation;
    const result = load()
      .then((answer) => {
        if (this.isListening && this.generation === began) this.storeAnswer(key, answer);
        return answer;
      })
      .finally(() => {
        if (this.pendingAnswers.get(key)?.result === result) this.pendingAnswers.delete(key);
      });
    this.pendingAnswers.set(key, { generation: began, result });
    return result;
  }

  /**
   * Resolves once every notification committed before this call has been handled; the api awaits
   * it after each write, before answering. Not listening: nothing is cached, nothing to wait for.
   * Never throws.
   */
  async sync(): Promise<void> {
    // PGlite hands a commit's notifications to its listeners before the committing query returns
    // (one connection, in this process): by now they have been heard.
    if (!this.isListening || this.database.kind === 'pglite') return;
    const token = `${BARRIER_PREFIX}${randomBytes(12).toString('base64url')}`;
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.barriers.delete(token);
        resolve(false);
      }, this.syncTimeoutMs);
      this.barriers.set(token, () => {
        this.barriers.delete(token);
        clearTimeout(timer);
        resolve(true);
      });
    });
    let sent = true;
    try {
      await this.database.query('SELECT pg_notify($1, $2)', [PRODUCT_CHANGED_CHANNEL, token]);
    } catch {
      sent = false;
      this.barriers.get(token)?.();
    }
    if (!sent || !(await heard)) {
      // The write itself is done and must still be answered; but the listener may be dead
      // without having noticed, so nothing in memory is trusted until a notification is heard.
      this.suspended = true;
      this.dropEverything();
    }
  }

  private notified(payload: string): void {
    if (this.suspended) {
      this.suspended = false;
      this.dropEverything();
    }
    if (payload.startsWith(BARRIER_PREFIX)) {
      this.barriers.get(payload)?.();
      return;
    }
    if (this.schemaPrefix === null || !payload.startsWith(this.schemaPrefix)) return;
    const productId = payload.slice(this.schemaPrefix.length);
    if (productId === '*') {
      this.dropEverything();
      return;
    }
    this.generation += 1;
    this.dropAnswers();
    this.changedAt.set(productId, this.generation);
    if (this.changedAt.size > MAX_REMEMBERED_CHANGES) this.dropMemoryOfChanges();
    for (const key of this.keysByProduct.get(productId) ?? []) this.remove(key);
    // A key equal to this id may have named another product by its link; ids win over links.
    this.remove(productId);
  }

  /** Everything in memory, or being read, may have missed a notification. */
  private dropEverything(): void {
    this.generation += 1;
    this.refuseBefore = this.generation;
    this.changedAt.clear();
    this.entries.clear();
    this.keysByProduct.clear();
    this.bytes = 0;
    this.dropAnswers();
  }

  private dropAnswers(): void {
    this.answers.clear();
    this.answerBytes = 0;
  }

  private storeAnswer(key: string, answer: CachedAnswer): void {
    if (answer.body.length > this.maxAnswerBytes) return;
    if (answer.expiresAt !== undefined && Date.now() >= answer.expiresAt) return;
    const previous = this.answers.get(key);
    if (previous) {
      this.answers.delete(key);
      this.answerBytes -= previous.body.length;
    }
    this.answers.set(key, answer);
    this.answerBytes += answer.body.length;
    while (this.answers.size > this.maxAnswers || this.answerBytes > this.maxAnswerBytes) {
      const oldest = this.answers.entries().next().value;
      if (!oldest) break;
      this.answers.delete(oldest[0]);
      this.answerBytes -= oldest[1].body.length;
    }
  }

  private dropMemoryOfChanges(): void {
    this.refuseBefore = this.generation;
    this.changedAt.clear();
  }

  private readEnded(): void {
    this.readsInFlight -= 1;
    // No read left that began before a remembered change: nothing needs remembering.
    if (this.readsInFlight === 0) this.changedAt.clear();
  }

  private mayStore(key: string, productId: string, began: number): boolean {
    if (!this.isListening || began < this.refuseBefore) return false;
    return (this.changedAt.get(productId) ?? 0) <= began && (this.changedAt.get(key) ?? 0) <= began;
  }

  private store(key: string, answer: CachedBody): void {
    if (answer.body.length > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, answer);
    this.bytes += answer.body.length;
    let keys = this.keysByProduct.get(answer.productId);
    if (!keys) this.keysByProduct.set(answer.productId, (keys = new Set()));
    keys.add(key);
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
    const keys = this.keysByProduct.get(entry.productId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByProduct.delete(entry.productId);
  }
}
