/**
 * Server renders off the edge's event loop: each render thread (renderWorker.ts, a worker thread)
 * loads the shell's server bundle and the remotes' server containers and draws the pages it is
 * sent, while the edge's own thread goes on proxying `/api`, serving files and sending pages. A
 * shopper's add to cart then never waits behind another shopper's page being drawn.
 *
 * A page goes to the thread with the fewest pages in hand. A thread draws a few at once (`maxPending`);
 * when every thread has its fill, the page waits its turn here, first come first drawn (a page's
 * skeleton, `PageRequest.skeleton`, ahead of the rest: it is what a page whose render failed is
 * waiting for, and it costs little). A page is waited for up to `timeoutMs` (RENDER_LIMIT_MS: its
 * budget, RENDER_TIMEOUT_MS, only decides what page.ts sends meanwhile), and one still waiting for
 * a thread then is given up unsent. A page whose render page.ts no longer needs (a guest given the
 * last good render) is still drawn: page.ts asks once per page for it (`LastGoodPages`), so what
 * waits here is bounded by the pages asked for and the shoppers waiting. A thread that is not
 * ready or that dies (it is started again after a second) costs only the server render of the
 * pages asked for meanwhile: none is ready, and they get no page at once. A page given up stays in
 * its thread's hand until the thread has finished drawing it (a render cannot be stopped halfway),
 * so what a thread has in hand is the work it really has.
 *
 * The threads run the remotes' server code (other teams'), so they hold nothing that opens the
 * store's data: they start with a scrubbed environment (`renderThreadEnvironment`), and never read
 * the composition store; the edge's thread reads which remotes are live (`live`) and tells them.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CompositionDocument } from '@storefront/release-state';
import { countRenderFailures, type RenderFailureCount } from './renderFailures';
import { RENDER_LIMIT_MS, type PageRequest, type RenderedPage, type RendererSource } from './serverRender';

/**
 * A page to draw (`deadline`: after it, Date.now(), the page is no longer waited for, and is not
 * drawn), or the live composition's remotes now that they have changed.
 */
export type ToRenderThread = { type: 'page'; id: number; request: PageRequest; deadline: number } | { type: 'live'; remotes: CompositionDocument['remotes'] };
export type FromRenderThread = { type: 'ready' } | { type: 'page'; id: number; page: RenderedPage | null; failures?: RenderFailureCount[] };

/** The thread's code is TypeScript, as the edge's: sucrase compiles it there as `npm start` does here. */
const BOOTSTRAP = `require(${JSON.stringify(require.resolve('sucrase/register/ts'))}); require(${JSON.stringify(path.join(__dirname, 'renderWorker.ts'))});`;

/** How long a thread's render may run before the thread gives it up. */
const THREAD_RENDER_LIMIT_MS = RENDER_LIMIT_MS;
/** A thread that stops is started again after a second, and after twice as long each time it stops before it was ready (at most a minute). */
const RESTART_AFTER_MS = 1_000;
const MAX_RESTART_AFTER_MS = 60_000;
/**
 * A thread draws a few pages at once (each waits on the api between its CPU-bound parts); more
 * in hand only makes every one of them late, so the next waits its turn in the pool.
 */
const DEFAULT_MAX_PENDING = 4;
/** How often the edge's thread reads the live remotes for the threads. */
const DEFAULT_LIVE_EVERY_MS = 1_000;

/** What a render thread's environment keeps: the locale's variables (LC_*) and these. */
const THREAD_ENVIRONMENT = new Set(['NODE_ENV', 'TZ', 'LANG', 'LANGUAGE', 'LIGHTGALLERY_LICENSE_KEY', 'PATH', 'HOME', 'TMPDIR']);

/**
 * Remote code never holds the keys: a render thread's process.env has only the mode, the time
 * zone, the locale, where programs and temporary files are, and the gallery's licence key (every
 * browser gets it; mfe-product's server code reads it). The database's address, the secrets,
 * tokens and passwords, the composition store's address, and whatever else the edge is given are
 * left out.
 */
export function renderThreadEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && (THREAD_ENVIRONMENT.has(entry[0]) || entry[0].startsWith('LC_'))),
  );
}

interface RenderThread {
  worker: Worker;
  ready: boolean;
  exited: boolean;
  pending: Map<number, (page: RenderedPage | null) => void>;
}

/** A page waiting for a thread to have room. */
interface WaitingPage {
  request: PageRequest;
  /** When it is given up (Date.now()). */
  deadline: number;
  settle: (page: RenderedPage | null) => void;
}

export interface RenderThreadsOptions {
  threads: number;
  /** The shell's server bundle (shell/dist/server/render.js). */
  shellBundle: string;
  /** How long a page is waited for, waiting its turn included (RENDER_LIMIT_MS). */
  timeoutMs: number;
  /** The live composition's remotes, read here in the edge's thread: the threads load and keep them. */
  live: () => Promise<CompositionDocument['remotes']>;
  /** How often `live` is read again (1 s); a change goes to every thread. */
  liveEveryMs?: number;
  /** How many pages a thread may have in hand before the next waits its turn (4). */
  maxPending?: number;
  log?: (line: string) => void;
}

export class RenderThreads {
  private readonly threads: RenderThread[] = [];
  private nextId = 0;
  private closed = false;
  /** Pages waiting for a thread with room, in the order they are to be drawn. */
  private readonly waiting: WaitingPage[] = [];
  /** What each thread draws once before it takes shoppers' pages (`warm`). */
  private warmUps: readonly PageRequest[] = [];
  /** The live remotes the threads were last told, and as JSON (what a read is compared with). */
  private live: CompositionDocument['remotes'] = {};
  private liveJson = '{}';
  private liveTimer: NodeJS.Timeout | undefined;
  private readingLive = false;
  private liveFailing = false;
  private readonly log: (line: string) => void;

  private constructor(private readonly options: RenderThreadsOptions) {
    this.log = options.log ?? ((line) => console.error(line));
  }

  /** Starts the threads, resolving once each has loaded the live versions (or failed to start). */
  static async start(options: RenderThreadsOptions): Promise<RenderThreads> {
    if (!Number.isInteger(options.threads) || options.threads < 1) throw new Error(`render threads must be 1 or more, got ${options.threads}`);
    const pool = new RenderThreads(options);
    await pool.readLive();
    await Promise.all(Array.from({ length: options.threads }, (_, index) => pool.spawn(index)));
    pool.liveTimer = setInterval(() => void pool.readLive(), options.liveEveryMs ?? DEFAULT_LIVE_EVERY_MS);
    pool.liveTimer.unref();
    return pool;
  }

  /**
   * Reads the live remotes and, when they changed, tells every thread (and those started later,
   * in their workerData). A read that fails changes nothing: the threads keep what they have.
   */
  private async readLive(): Promise<void> {
    if (this.readingLive || this.closed) return;
    this.readingLive = true;
    try {
      const remotes = await this.options.live();
      this.liveFailing = false;
      const json = JSON.stringify(remotes);
      if (json === this.liveJson || this.closed) return;
      this.live = remotes;
      this.liveJson = json;
      const message: ToRenderThread = { type: 'live', remotes };
      for (const thread of this.threads) if (!thread.exited) thread.worker.postMessage(message);
    } catch (error) {
      // Said once until a read works again.
      if (!this.liveFailing) this.log(`[edge] the live remotes cannot be read for the render threads, which keep those they have: ${error instanceof Error ? error.message : String(error)}`);
      this.liveFailing = true;
    } finally {
      this.readingLive = false;
    }
  }

  /**
   * Draws a page's first screen in a thread, or null: none is ready, or it was not drawn within
   * `timeoutMs` (waiting its turn included).
   */
  readonly render = (request: PageRequest): Promise<RenderedPage | null> => {
    if (this.readyThreads() === 0) return Promise.resolve(null);
    const deadline = Date.now() + this.options.timeoutMs;
    const thread = this.roomiest();
    if (thread) return this.send(thread, request, this.options.timeoutMs);
    return new Promise((resolve) => {
      const waiting: WaitingPage = {
        request,
        deadline,
        settle: (page) => {
          clearTimeout(timer);
          resolve(page);
        },
      };
      // Given up, unsent, if no thread had room for it in its time.
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(waiting);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(null);
      }, this.options.timeoutMs);
      // A skeleton goes first: a page whose render failed is waiting for it.
      if (request.skeleton) this.waiting.splice(this.waiting.filter((page) => page.request.skeleton).length, 0, waiting);
      else this.waiting.push(waiting);
    });
  };

  /** The ready thread with the fewest pages in hand, if it has room for another. */
  private roomiest(): RenderThread | undefined {
    const ready = this.threads.filter((thread) => thread.ready);
    const thread = ready.reduce<RenderThread | undefined>((least, candidate) => (!least || candidate.pending.size < least.pending.size ? candidate : least), undefined);
    return thread && thread.pending.size < (this.options.maxPending ?? DEFAULT_MAX_PENDING) ? thread : undefined;
  }

  /** Sends waiting pages to the threads with room for them. */
  private drawWaiting(): void {
    for (let thread = this.roomiest(); thread && this.waiting.length > 0; thread = this.roomiest()) {
      const next = this.waiting.shift();
      if (!next) return;
      const left = next.deadline - Date.now();
      if (left <= 0) next.settle(null);
      else void this.send(thread, next.request, left).then(next.settle);
    }
  }

  /**
   * Has every ready thread draw these pages once, one after another, each given up to the thread's
   * own limit, and every thread started again later draw them before it takes pages. A thread's
   * first pages take several times their usual time (its code compiled, the remotes' page modules
   * loaded, the api's answers not yet kept) and would miss their time: the first shoppers after a
   * start, or after a thread stopped, would get pages for their browser to draw. Answers each
   * page as the last thread to finish it drew it (null where none did): drawn as a guest's, it is
   * the guests' last good render of that page until one is drawn for them.
   */
  readonly warm = async (requests: readonly PageRequest[]): Promise<(RenderedPage | null)[]> => {
    this.warmUps = requests;
    const drawn = requests.map((): RenderedPage | null => null);
    await Promise.all(
      this.threads
        .filter((thread) => thread.ready)
        .map((thread) =>
          this.drawEach(thread, requests, (index, page) => {
            if (page) drawn[index] = page;
          }),
        ),
    );
    return drawn;
  };

  /** Sends a page to the thread; null once `waitMs` has passed (the thread then finishes it before answering). */
  private send(thread: RenderThread, request: PageRequest, waitMs: number): Promise<RenderedPage | null> {
    const id = (this.nextId += 1);
    return new Promise((resolve) => {
      // Not drawn in time: given up, and it stays in hand until the thread answers.
      const timer = setTimeout(() => resolve(null), waitMs);
      thread.pending.set(id, (page) => {
        clearTimeout(timer);
        thread.pending.delete(id);
        resolve(page);
        // Its room goes to the next page waiting.
        this.drawWaiting();
      });
      const message: ToRenderThread = { type: 'page', id, request, deadline: Date.now() + waitMs };
      thread.worker.postMessage(message);
    });
  }

  private async drawEach(thread: RenderThread, requests: readonly PageRequest[], drew?: (index: number, page: RenderedPage | null) => void): Promise<void> {
    for (const [index, request] of requests.entries()) {
      if (this.closed || thread.exited) return;
      // Sent whether or not the caller wants the page (an optional call would skip its arguments).
      const page = await this.send(thread, request, THREAD_RENDER_LIMIT_MS);
      drew?.(index, page);
    }
  }

  /** How many threads are ready to draw. */
  readyThreads(): number {
    return this.threads.filter((thread) => thread.ready).length;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.liveTimer);
    for (const page of this.waiting.splice(0)) page.settle(null);
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private spawn(index: number, restartAfterMs = RESTART_AFTER_MS): Promise<void> {
    // The thread answers when it has finished, however late; the page's own time is kept here.
    const workerData: RendererSource = { shellBundle: this.options.shellBundle, timeoutMs: THREAD_RENDER_LIMIT_MS, live: this.live };
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData, env: renderThreadEnvironment(process.env), name: `render-${index}` });
    const thread: RenderThread = { worker, ready: false, exited: false, pending: new Map() };
    this.threads[index] = thread;
    return new Promise((started) => {
      worker.on('message', (message: FromRenderThread) => {
        if (message.type === 'ready') {
          // A thread started again draws the warm-up pages first (none at the pool's start: `warm` comes after).
          void this.drawEach(thread, this.warmUps).then(() => {
            thread.ready = !thread.exited;
            started();
            this.drawWaiting();
          });
        } else {
          // The thread's render failures count here, where they are reported from (renderFailures.ts).
          if (message.failures && message.failures.length > 0) countRenderFailures(message.failures);
          thread.pending.get(message.id)?.(message.page);
        }
      });
      worker.on('error', (error) => this.log(`[edge] render thread ${index} failed: ${error.stack ?? error.message}`));
      worker.on('exit', (code) => {
        const wasReady = thread.ready;
        thread.ready = false;
        thread.exited = true;
        for (const settle of [...thread.pending.values()]) settle(null);
        started();
        if (this.closed) return;
        // One that never got ready (its server code fails to load, say) waits longer each time.
        const wait = wasReady ? RESTART_AFTER_MS : restartAfterMs;
        this.log(`[edge] render thread ${index} stopped (exit ${code}): started again in ${wait / 1000} s; until then pages are drawn by the browser`);
        setTimeout(() => {
          if (!this.closed) void this.spawn(index, Math.min(wait * 2, MAX_RESTART_AFTER_MS));
        }, wait).unref();
      });
    });
  }
}
