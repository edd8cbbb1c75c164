import type { Database, Queryable, QueryResult } from '../db/database';
import type { CategoryFacet, ColourFacet, ProductFacets, SizeFacet } from '../routes/products/facetQueries';
import type { FacetDimension, ProductFilter } from '../routes/products/productFilter';
import type { ProductIdPage, ProductSort } from '../routes/products/productQueries';
import type { SearchTerm } from '../routes/products/searchTerms';

/** What a change heard on product_changed means for memory: one product, or possibly all. */
export type ProductChange = { productId: string } | 'everything';

/** Where the index hears of changes: ProductDetailCache, which listens on product_changed. */
export interface ChangeSource {
  /** Whether changes are being heard: false while LISTEN is down or in doubt. */
  readonly isListening: boolean;
  onChange(listener: (change: ProductChange) => void): void;
}

export interface CatalogueIndexOptions {
  /** Where loading errors go; the index then retries and the database answers meanwhile. */
  log?: (message: string, error: unknown) => void;
  /** Wait before trying a failed load again. */
  retryMs?: number;
  /** Rows per query while loading everything. */
  loadChunkRows?: number;
  /** Dead slots (changed products' old copies) kept before reading everything again, at least. */
  minDeadSlotsBeforeCompaction?: number;
}

interface ProductRow {
  id: string;
  seq: number;
  name_lower: string;
  search_document: string;
  category_ids: string[];
  price: number;
  on_sale_price: number | null;
  on_sale_until: number | null;
  is_popular: boolean;
  is_new: boolean;
  stock: number;
  rating: number;
  ratings_count: number;
  created_at: number;
  colours: string[];
  sizes: string[];
}

interface CategoryRow {
  id: string;
  name: string;
  parent_id: string | null;
}

/** The catalogue's lists, in the order the facets show them. */
interface Lists {
  categories: CategoryRow[];
  colours: { name: string; code: string }[];
  sizes: { name: string; label: string }[];
}

const PRODUCT_ROWS_SQL = `
  SELECT p.id, p.seq::float8 AS seq, p.name_lower, p.search_document, p.category_ids,
    p.price::float8 AS price, p.on_sale_price::float8 AS on_sale_price,
    (extract(epoch FROM p.on_sale_until) * 1000)::float8 AS on_sale_until,
    p.is_popular, p.is_new, p.stock, p.rating::float8 AS rating, p.ratings_count,
    (extract(epoch FROM p.created_at) * 1000000)::float8 AS created_at,
    ARRAY(SELECT pc.colour FROM product_colours pc WHERE pc.product_id = p.id) AS colours,
    ARRAY(SELECT ps.size FROM product_sizes ps WHERE ps.product_id = p.id) AS sizes
  FROM product_search p`;

/**
 * Runs of ASCII letters. A search word of ASCII letters is inside a (lower-cased) document exactly
 * when it is inside one of them, whatever the database's locale calls a letter; other words are
 * left to the database.
 */
const NON_WORD = /[^a-z]+/;
const WORD_ONLY = /^[a-z]+$/;
/** Category names and ids are matched by lower() in SQL; printable ASCII lowers alike everywhere. */
const ASCII_ONLY = /^[ -~]*$/;
/** Updated products take a new slot; past this many dead ones the index is rebuilt. */
const MIN_DEAD_SLOTS_BEFORE_REBUILD = 10_000;
const DEFAULT_RETRY_MS = 1_000;
/** Rows per query while loading: requests are served between the chunks. */
const LOAD_CHUNK_ROWS = 500;
const INITIAL_CAPACITY = 1_024;
/** More changed products at once than this, and the orders are sorted afresh when next asked. */
const MAX_PATCHED_PRODUCTS = 1_000;

const LIVE = 1;
const POPULAR = 2;
const NEW = 4;

function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (char) => char.toLowerCase());
}

function grow<T extends Float64Array | Int32Array | Uint8Array>(array: T, capacity: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(capacity);
  bigger.set(array);
  return bigger;
}

function addTo(postings: Map<string, number[]>, key: string, slot: number): void {
  const slots = postings.get(key);
  if (slots) slots.push(slot);
  else postings.set(key, [slot]);
}

type OrderName = ProductSort | 'seq';
/** A compiled filter: whether the product in a slot passes. */
type Test = (slot: number) => boolean;

/**
 * One loaded state of the catalogue. Products sit in slots, their fields in typed arrays (a
 * filter over 10^5 products walks them in a few milliseconds); the set-valued fields (words,
 * categories, colours, sizes) as postings: key → slots, which may name dead slots.
 */
class Snapshot {
  length = 0;
  private capacity = INITIAL_CAPACITY;
  readonly ids: (string | undefined)[] = [];
  readonly names: string[] = [];
  seq = new Float64Array(INITIAL_CAPACITY);
  price = new Float64Array(INITIAL_CAPACITY);
  /** NaN: no sale price. */
  salePrice = new Float64Array(INITIAL_CAPACITY);
  /** ms since 1970, with the microseconds as a fraction; NaN: no end. */
  saleUntil = new Float64Array(INITIAL_CAPACITY);
  rating = new Float64Array(INITIAL_CAPACITY);
  /** µs since 1970: exact in a double, so equal times tie as they do in SQL. */
  createdAt = new Float64Array(INITIAL_CAPACITY);
  stock = new Int32Array(INITIAL_CAPACITY);
  ratingsCount = new Int32Array(INITIAL_CAPACITY);
  flags = new Uint8Array(INITIAL_CAPACITY);
  readonly slotById = new Map<string, number>();
  readonly words = new Map<string, number[]>();
  readonly categories = new Map<string, number[]>();
  readonly colours = new Map<string, number[]>();
  readonly sizes = new Map<string, number[]>();
  deadSlots = 0;
  /** Bumped at every change, so sorted orders know they are out of date. */
  version = 0;
  /** Category id → it and every category under it. */
  readonly subtrees = new Map<string, string[]>();

  constructor(readonly lists: Lists) {
    const children = new Map<string, string[]>();
    for (const { id, parent_id: parent } of lists.categories) if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), id]);
    for (const { id } of lists.categories) {
      const subtree = new Set<string>([id]);
      for (const member of subtree) for (const child of children.get(member) ?? []) subtree.add(child);
      this.subtrees.set(id, [...subtree]);
    }
  }

  get liveCount(): number {
    return this.slotById.size;
  }

  isLive(slot: number): boolean {
    return ((this.flags[slot] as number) & LIVE) !== 0;
  }

  /** ON_SALE_SQL (productFilter.ts), at `now`. */
  isOnSale(slot: number, now: number): boolean {
    const sale = this.salePrice[slot] as number;
    const until = this.saleUntil[slot] as number;
    return sale >= 0 && sale < (this.price[slot] as number) && (Number.isNaN(until) || until > now);
  }

  /** EFFECTIVE_PRICE_SQL: what the shopper pays for one. */
  effectivePrice(slot: number, now: number): number {
    return this.isOnSale(slot, now) ? (this.salePrice[slot] as number) : (this.price[slot] as number);
  }

  put(row: ProductRow): void {
    this.remove(row.id);
    if (this.length === this.capacity) this.resize(this.capacity * 2);
    const slot = this.length;
    this.length += 1;
    this.ids.push(row.id);
    this.names.push(row.name_lower);
    this.seq[slot] = row.seq;
    this.price[slot] = row.price;
    this.salePrice[slot] = row.on_sale_price ?? Number.NaN;
    this.saleUntil[slot] = row.on_sale_until ?? Number.NaN;
    this.rating[slot] = row.rating;
    this.createdAt[slot] = row.created_at;
    this.stock[slot] = row.stock;
    this.ratingsCount[slot] = row.ratings_count;
    this.flags[slot] = LIVE | (row.is_popular ? POPULAR : 0) | (row.is_new ? NEW : 0);
    this.slotById.set(row.id, slot);
    for (const word of new Set(row.search_document.split(NON_WORD))) if (word !== '') addTo(this.words, word, slot);
    for (const id of row.category_ids) addTo(this.categories, id, slot);
    for (const colour of row.colours) addTo(this.colours, colour, slot);
    for (const size of row.sizes) addTo(this.sizes, size, slot);
    this.version += 1;
  }

  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.flags[slot] = 0;
    this.ids[slot] = undefined;
    this.slotById.delete(id);
    this.deadSlots += 1;
    this.version += 1;
  }

  id(slot: number): string {
    return this.ids[slot] as string;
  }

  /** The live slots among `keys`' postings, marked. */
  mark(postings: Map<string, number[]>, keys: Iterable<string>, marks: Uint8Array = new Uint8Array(this.length)): Uint8Array {
    for (const key of keys) for (const slot of postings.get(key) ?? []) marks[slot] = 1;
    return marks;
  }

  private resize(capacity: number): void {
    this.capacity = capacity;
    this.seq = grow(this.seq, capacity);
    this.price = grow(this.price, capacity);
    this.salePrice = grow(this.salePrice, capacity);
    this.saleUntil = grow(this.saleUntil, capacity);
    this.rating = grow(this.rating, capacity);
    this.createdAt = grow(this.createdAt, capacity);
    this.stock = grow(this.stock, capacity);
    this.ratingsCount = grow(this.ratingsCount, capacity);
    this.flags = grow(this.flags, capacity);
  }
}

/** SORT_SQL (productQueries.ts), each ending in seq. */
function comparator(snapshot: Snapshot, order: OrderName, now: number): (a: number, b: number) => number {
  const { seq, flags, rating, ratingsCount, createdAt } = snapshot;
  const bySeq = (a: number, b: number) => (seq[a] as number) - (seq[b] as number);
  const flag = (slot: number, bit: number) => ((flags[slot] as number) & bit) !== 0 ? 1 : 0;
  switch (order) {
    case 'seq':
      return bySeq;
    case 'popularity':
      return (a, b) => flag(b, POPULAR) - flag(a, POPULAR) || (ratingsCount[b] as number) - (ratingsCount[a] as number) || bySeq(a, b);
    case 'rating':
      return (a, b) => (rating[b] as number) - (rating[a] as number) || (ratingsCount[b] as number) - (ratingsCount[a] as number) || bySeq(a, b);
    case 'newest':
      return (a, b) => flag(b, NEW) - flag(a, NEW) || (createdAt[b] as number) - (createdAt[a] as number) || bySeq(b, a);
    case 'price_asc':
      return (a, b) => snapshot.effectivePrice(a, now) - snapshot.effectivePrice(b, now) || bySeq(a, b);
    case 'price_desc':
      return (a, b) => snapshot.effectivePrice(b, now) - snapshot.effectivePrice(a, now) || bySeq(a, b);
  }
}

/**
 * The catalogue's filters, sorts and facets answered from memory: a copy of product_search (and
 * of each product's colours and sizes) and, for search, which products hold each word. At 10^5
 * products a search matching one product in eight read and rechecked every match in the
 * database (30–60 ms on PGlite); here it walks a list of slots (a few ms).
 *
 * It answers only while it is current: loaded, and every change heard on product_changed
 * (through ProductDetailCache) read back in. A change marks its product stale and the database
 * answers until the product has been read again, a moment later; a change to many products, a
 * lost LISTEN or a doubtful one reloads everything. So it is never behind the database by more
 * than the notification itself, like the product cache. Where it cannot answer exactly as the
 * SQL would (a search word not all of the letters a–z, a category named outside ASCII) it says
 * so (null) and the database answers.
 */
export class CatalogueIndex {
  private snapshot: Snapshot | null = null;
  private generation = 0;
  /** product id → generation of its last change not yet read back. */
  private readonly stale = new Map<string, number>();
  /** The snapshot is behind the database (or missing) until everything is read again. */
  private needsFullLoad = true;
  /** The snapshot is current but holds too many dead slots: read everything again to compact it. */
  private wantsCompaction = false;
  private refreshing: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly orders = new Map<OrderName, { version: number; validUntil: number; slots: Int32Array }>();
  private readonly log: (message: string, error: unknown) => void;
  private readonly retryMs: number;
  private readonly loadChunkRows: number;
  private readonly minDeadSlots: number;

  constructor(
    private readonly database: Database,
    private readonly changes: ChangeSource,
    options: CatalogueIndexOptions = {},
  ) {
    this.log = options.log ?? (() => undefined);
    this.retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
    this.loadChunkRows = options.loadChunkRows ?? LOAD_CHUNK_ROWS;
    this.minDeadSlots = options.minDeadSlotsBeforeCompaction ?? MIN_DEAD_SLOTS_BEFORE_REBUILD;
    changes.onChange((change) => this.changed(change));
  }

  /** Starts loading in the background; the database answers until it is done. */
  start(): void {
    this.scheduleRefresh();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.refreshing;
    this.snapshot = null;
  }

  /** Whether queries are answered from memory now. */
  get isCurrent(): boolean {
    return !this.closed && this.changes.isListening && this.snapshot !== null && !this.needsFullLoad && this.stale.size === 0;
  }

  /** Resolves when nothing is left to read back (or the index is closed); for tests and the bench. */
  async settled(): Promise<void> {
    while (this.refreshing) await this.refreshing;
  }

  /** A page of the listing, as listProductIds would choose it; null when the database must answer. */
  listIds(filter: ProductFilter, options: { sort?: ProductSort; offset: number; limit: number }): ProductIdPage | null {
    const snapshot = this.current();
    if (!snapshot) return null;
    const now = Date.now();
    const test = compile(snapshot, filter, now);
    if (!test) return null;
    const end = options.offset + options.limit;
    if (!options.sort && filter.terms && filter.terms.length > 0) {
      // Products named by more of the words first, then in catalogue order.
      const terms = filter.terms;
      const buckets: number[][] = Array.from({ length: terms.length + 1 }, () => []);
      let total = 0;
      for (const slot of this.order(snapshot, 'seq', now)) {
        if (!test(slot)) continue;
        total += 1;
        const bucket = buckets[terms.length - nameMatches(snapshot.names[slot] as string, terms)] as number[];
        // No bucket gives more than the page's end.
        if (bucket.length < end) bucket.push(slot);
      }
      const ids = buckets
        .flat()
        .slice(options.offset, end)
        .map((slot) => snapshot.id(slot));
      return { ids, total };
    }
    const ids: string[] = [];
    let total = 0;
    for (const slot of this.order(snapshot, options.sort ?? 'seq', now)) {
      if (!test(slot)) continue;
      if (total >= options.offset && total < end) ids.push(snapshot.id(slot));
      total += 1;
    }
    return { ids, total };
  }

  /**
   * The live search's best products, as suggest() chooses them in SQL: names starting with the
   * text first, then names holding more of its words, then the popular. Null: ask the database.
   */
  suggestIds(filter: ProductFilter, startsWith: string, limit: number): string[] | null {
    const snapshot = this.current();
    if (!snapshot || !filter.terms) return null;
    const now = Date.now();
    const test = compile(snapshot, filter, now);
    if (!test) return null;
    const terms = filter.terms;
    // Bucket 0 is the best: a name starting with the text and holding every word.
    const buckets: number[][] = Array.from({ length: 2 * (terms.length + 1) }, () => []);
    for (const slot of this.order(snapshot, 'popularity', now)) {
      if (!test(slot)) continue;
      const name = snapshot.names[slot] as string;
      const bucket = buckets[(name.startsWith(startsWith) ? 0 : terms.length + 1) + terms.length - nameMatches(name, terms)] as number[];
      if (bucket.length < limit) bucket.push(slot);
    }
    return buckets
      .flat()
      .slice(0, limit)
      .map((slot) => snapshot.id(slot));
  }

  /** The filter sidebar's counts, as productFacets() reads them; null: ask the database. */
  facets(filter: ProductFilter): ProductFacets | null {
    const snapshot = this.current();
    if (!snapshot) return null;
    const now = Date.now();
    // The five tests share the search's marks: finding them is most of the work.
    const termMarks = new Map<SearchTerm, Uint8Array>();
    const all = compile(snapshot, filter, now, undefined, termMarks);
    const byCategory = compile(snapshot, filter, now, 'category', termMarks);
    const byColour = compile(snapshot, filter, now, 'colour', termMarks);
    const bySize = compile(snapshot, filter, now, 'size', termMarks);
    const byPrice = compile(snapshot, filter, now, 'price', termMarks);
    if (!all || !byCategory || !byColour || !bySize || !byPrice) return null;

    let total = 0;
    let min = Infinity;
    let max = -Infinity;
    for (const slot of snapshot.slotById.values()) {
      if (all(slot)) total += 1;
      if (byPrice(slot)) {
        const price = snapshot.effectivePrice(slot, now);
        if (price < min) min = price;
        if (price > max) max = price;
      }
    }
    // A product in a category and in one under it counts once in the subtree.
    const seen = new Int32Array(snapshot.length);
    const categoryCounts = snapshot.lists.categories.map((category, index) => {
      let count = 0;
      for (const id of snapshot.subtrees.get(category.id) ?? []) {
        for (const slot of snapshot.categories.get(id) ?? []) {
          if (seen[slot] === index + 1 || !snapshot.isLive(slot) || !byCategory(slot)) continue;
          seen[slot] = index + 1;
          count += 1;
        }
      }
      return count;
    });
    const countIn = (postings: Map<string, number[]>, key: string, test: Test) => {
      let count = 0;
      for (const slot of postings.get(key) ?? []) if (snapshot.isLive(slot) && test(slot)) count += 1;
      return count;
    };
    const names = new Map(snapshot.lists.categories.map((category) => [category.id, category.name]));
    const categories: CategoryFacet[] = snapshot.lists.categories.map((category, index) => ({
      id: category.id,
      name: category.name,
      parent: category.parent_id === null ? null : (names.get(category.parent_id) ?? null),
      count: categoryCounts[index] as number,
    }));
    const colours: ColourFacet[] = snapshot.lists.colours.map((colour) => ({ ...colour, count: countIn(snapshot.colours, colour.name, byColour) }));
    const sizes: SizeFacet[] = snapshot.lists.sizes.map((size) => ({ ...size, count: countIn(snapshot.sizes, size.name, bySize) }));
    return { total, categories, colours, sizes, price: min === Infinity ? null : { min, max } };
  }

  private current(): Snapshot | null {
    return this.isCurrent ? this.snapshot : null;
  }

  /** Live slots in `order`, sorted once per change; the price orders also until a sale ends. */
  private order(snapshot: Snapshot, order: OrderName, now: number): Int32Array {
    const kept = this.orders.get(order);
    if (kept && kept.version === snapshot.version && now < kept.validUntil) return kept.slots;
    const slots = Int32Array.from(snapshot.slotById.values());
    if (order !== 'seq' || snapshot.deadSlots > 0) slots.sort(comparator(snapshot, order, now));
    let validUntil = Infinity;
    if (order === 'price_asc' || order === 'price_desc') {
      for (const until of snapshot.saleUntil.subarray(0, snapshot.length)) if (until > now && until < validUntil) validUntil = until;
    }
    this.orders.set(order, { version: snapshot.version, validUntil, slots });
    return slots;
  }

  /**
   * Keeps the sorted orders through a few changed products: their old slots out, their new ones
   * sorted and merged in, in one pass, where sorting 10^5 products again took 70–100 ms.
   */
  private patchOrders(snapshot: Snapshot, versionBefore: number, removed: ReadonlySet<number>, added: readonly number[]): void {
    const now = Date.now();
    for (const [name, kept] of this.orders) {
      if (kept.version !== versionBefore || now >= kept.validUntil || added.length > MAX_PATCHED_PRODUCTS) {
        this.orders.delete(name);
        continue;
      }
      const compare = comparator(snapshot, name, now);
      const staying = removed.size > 0 ? kept.slots.filter((slot) => !removed.has(slot)) : kept.slots;
      const coming = [...added].sort(compare);
      const slots = new Int32Array(staying.length + coming.length);
      let from = 0;
      let next = 0;
      for (let at = 0; at < slots.length; at += 1) {
        const takeComing = next < coming.length && (from >= staying.length || compare(coming[next] as number, staying[from] as number) < 0);
        slots[at] = takeComing ? (coming[next++] as number) : (staying[from++] as number);
      }
      let validUntil = kept.validUntil;
      if (name === 'price_asc' || name === 'price_desc') {
        for (const slot of coming) {
          const until = snapshot.saleUntil[slot] as number;
          if (until > now && until < validUntil) validUntil = until;
        }
      }
      this.orders.set(name, { version: snapshot.version, validUntil, slots });
    }
  }

  private changed(change: ProductChange): void {
    if (this.closed) return;
    this.generation += 1;
    if (change === 'everything') {
      this.needsFullLoad = true;
      this.stale.clear();
    } else {
      this.stale.set(change.productId, this.generation);
    }
    this.scheduleRefresh();
  }

  private scheduleRefresh(): void {
    if (this.closed || this.refreshing || this.retryTimer) return;
    this.refreshing = this.refresh().finally(() => {
      this.refreshing = null;
      // A change heard after the loop's last look. Not while deaf: hearing again reloads anyway.
      if (this.changes.isListening && (this.needsFullLoad || this.wantsCompaction || this.stale.size > 0)) this.scheduleRefresh();
    });
  }

  private async refresh(): Promise<void> {
    try {
      while (!this.closed && (this.needsFullLoad || this.wantsCompaction || this.stale.size > 0)) {
        // Reads begun while not listening could miss changes; listening again reloads everything.
        if (!this.changes.isListening) return;
        if (this.needsFullLoad || this.wantsCompaction) {
          if (this.needsFullLoad) {
            // Behind from here on: the database answers until the new snapshot is in. (Keeping
            // the old one current while reading served, and let the answer cache keep, a
            // catalogue from before a '*' change such as a replaced catalogue.)
            this.snapshot = null;
            this.orders.clear();
          }
          this.needsFullLoad = false;
          this.wantsCompaction = false;
          const began = this.generation;
          const snapshot = await this.loadEverything();
          if (this.needsFullLoad || this.closed) continue;
          // Products changed during the load stay stale and are read again below.
          for (const [id, generation] of this.stale) if (generation <= began) this.stale.delete(id);
          this.snapshot = snapshot;
          this.orders.clear();
          continue;
        }
        const asked = new Map(this.stale);
        const rows = await readProducts(this.database, [...asked.keys()]);
        const snapshot = this.snapshot;
        if (this.needsFullLoad || this.closed || !snapshot) continue;
        const found = new Map(rows.map((row) => [row.id, row]));
        const versionBefore = snapshot.version;
        const removed = new Set<number>();
        const added: number[] = [];
        for (const [id, generation] of asked) {
          const old = snapshot.slotById.get(id);
          if (old !== undefined) removed.add(old);
          const row = found.get(id);
          if (row) {
            snapshot.put(row);
            added.push(snapshot.slotById.get(id) as number);
          } else {
            snapshot.remove(id);
          }
          if (this.stale.get(id) === generation) this.stale.delete(id);
        }
        this.patchOrders(snapshot, versionBefore, removed, added);
        // Still current: it answers while the compacted copy is read (changes meanwhile go stale).
        if (snapshot.deadSlots > Math.max(this.minDeadSlots, snapshot.liveCount)) this.wantsCompaction = true;
      }
    } catch (error) {
      if (this.closed) return;
      this.log('catalogue index: reading the catalogue failed; the database answers until a retry succeeds', error);
      this.needsFullLoad = true;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.scheduleRefresh();
      }, this.retryMs);
      this.retryTimer.unref();
    }
  }

  /**
   * Everything, a chunk of rows at a time in catalogue order (so slots follow seq). Not one
   * transaction: a product changed meanwhile is announced and read again after.
   */
  private async loadEverything(): Promise<Snapshot> {
    const snapshot = new Snapshot(await readLists(this.database));
    let after: number | null = null;
    for (;;) {
      const rows: QueryResult<ProductRow> =
        after === null
          ? await this.database.query<ProductRow>(`${PRODUCT_ROWS_SQL} ORDER BY p.seq LIMIT ${this.loadChunkRows}`)
          : await this.database.query<ProductRow>(`${PRODUCT_ROWS_SQL} WHERE p.seq > $1::bigint ORDER BY p.seq LIMIT ${this.loadChunkRows}`, [after]);
      for (const row of rows.rows) snapshot.put(row);
      const last = rows.rows[rows.rows.length - 1];
      if (!last || rows.rows.length < this.loadChunkRows || this.closed) return snapshot;
      after = last.seq;
      // PGlite answers in this thread, and its promises resolve as microtasks: without a turn of
      // the event loop here, no request would be served until the whole catalogue was loaded.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** filterConditions (productFilter.ts) as a test on a slot; null when it cannot be exact. */
function compile(
  snapshot: Snapshot,
  filter: ProductFilter,
  now: number,
  omit?: FacetDimension,
  termMarks = new Map<SearchTerm, Uint8Array>(),
): Test | null {
  const tests: Test[] = [];
  if (filter.category !== undefined && omit !== 'category') {
    const categories = categorySubtree(snapshot, filter.category);
    if (!categories) return null;
    const marks = snapshot.mark(snapshot.categories, categories);
    tests.push((slot) => marks[slot] === 1);
  }
  if (filter.terms !== null) {
    if (filter.terms.length === 0) return () => false;
    for (const term of filter.terms) {
      if (!term.texts.every((text) => WORD_ONLY.test(text))) return null;
      let marks = termMarks.get(term);
      if (!marks) {
        // termCondition: the document holds one of the term's spellings, or a category it names.
        marks = snapshot.mark(
          snapshot.words,
          [...snapshot.words.keys()].filter((word) => term.texts.some((text) => word.includes(text))),
        );
        snapshot.mark(snapshot.categories, term.categoryIds, marks);
        termMarks.set(term, marks);
      }
      const found = marks;
      tests.push((slot) => found[slot] === 1);
    }
  }
  if (filter.colour?.length && omit !== 'colour') {
    const marks = snapshot.mark(snapshot.colours, filter.colour);
    tests.push((slot) => marks[slot] === 1);
  }
  if (filter.size?.length && omit !== 'size') {
    const marks = snapshot.mark(snapshot.sizes, filter.size);
    tests.push((slot) => marks[slot] === 1);
  }
  if (omit !== 'price') {
    const { min_price: minPrice, max_price: maxPrice } = filter;
    if (minPrice !== undefined) tests.push((slot) => snapshot.effectivePrice(slot, now) >= minPrice);
    if (maxPrice !== undefined) tests.push((slot) => snapshot.effectivePrice(slot, now) <= maxPrice);
  }
  const { flags, stock } = snapshot;
  if (filter.on_sale !== undefined) {
    const wanted = filter.on_sale;
    tests.push((slot) => snapshot.isOnSale(slot, now) === wanted);
  }
  if (filter.is_new !== undefined) {
    const wanted = filter.is_new;
    tests.push((slot) => (((flags[slot] as number) & NEW) !== 0) === wanted);
  }
  if (filter.is_popular !== undefined) {
    const wanted = filter.is_popular;
    tests.push((slot) => (((flags[slot] as number) & POPULAR) !== 0) === wanted);
  }
  if (filter.in_stock !== undefined) {
    const wanted = filter.in_stock;
    tests.push((slot) => (stock[slot] as number) > 0 === wanted);
  }
  const [first, second] = tests;
  if (!first) return () => true;
  if (!second) return first;
  return (slot) => {
    for (const test of tests) if (!test(slot)) return false;
    return true;
  };
}

/** categoryCondition: the category by id or name in any letter case, with those under it. */
function categorySubtree(snapshot: Snapshot, category: string): Set<string> | null {
  if (!ASCII_ONLY.test(category)) return null;
  const wanted = asciiLower(category);
  const chosen = new Set<string>();
  for (const row of snapshot.lists.categories) {
    // lower() of a name outside ASCII depends on the database's locale.
    if (!ASCII_ONLY.test(row.id) || !ASCII_ONLY.test(row.name)) return null;
    if (asciiLower(row.id) === wanted || asciiLower(row.name) === wanted) {
      for (const id of snapshot.subtrees.get(row.id) ?? []) chosen.add(id);
    }
  }
  return chosen;
}

/** How many of the words the product's name holds (defaultOrder in productQueries.ts). */
function nameMatches(name: string, terms: readonly SearchTerm[]): number {
  let count = 0;
  for (const term of terms) if (term.texts.some((text) => name.includes(text))) count += 1;
  return count;
}

async function readLists(db: Queryable): Promise<Lists> {
  const categories = await db.query<CategoryRow>('SELECT id, name, parent_id FROM categories ORDER BY position, id');
  const colours = await db.query<{ name: string; code: string }>('SELECT name, code FROM colours ORDER BY position, name');
  const sizes = await db.query<{ name: string; label: string }>('SELECT name, label FROM sizes ORDER BY position, name');
  return { categories: categories.rows, colours: colours.rows, sizes: sizes.rows };
}

async function readProducts(db: Queryable, ids: string[]): Promise<ProductRow[]> {
  const rows = await db.query<ProductRow>(`${PRODUCT_ROWS_SQL} WHERE p.id = ANY ($1::text[]) ORDER BY p.seq`, [ids]);
  return rows.rows;
}
