/**
 * The order the islands of a server-drawn page come alive in, once their code is in. A page of
 * cards holds two dozen (each card's Add to Cart and heart); hydrated all at once they are one run
 * of the main thread a phone cannot answer a tap through. So:
 *
 * - one island per task, so a tap is answered between any two;
 * - first those the shopper can see or is about to (within NEAR_VIEWPORT of the screen), or has
 *   touched or moved the focus into, in the page's order;
 * - the rest one at a time when the browser is idle, so every island is live soon after the page
 *   settles, whether or not the shopper scrolls to it.
 *
 * A tap on an island before its turn is held (the page's replay script) and given back once it is
 * live; the tap itself brings its turn forward.
 */

/** How far outside the screen an island still counts as about to be seen. */
export const NEAR_VIEWPORT = '200px';

/** Longest an island waits for an idle moment once it is next: a busy page still has them all live within seconds. */
export const IDLE_TURN_TIMEOUT_MS = 1000;

interface Waiting {
  part: Element;
  start: () => void;
  /** On screen or about to be, or touched: its turn is before any other's. */
  near: boolean;
  /** What the island's box is: a part is `display: contents`, which has no box of its own. */
  box: Element;
  touched: () => void;
}

const waiting: Waiting[] = [];
let taskPending = false;
let idlePending = false;
let observer: IntersectionObserver | null | undefined;

/** Shared by all waiting islands; null where the browser has none (then every island counts as near). */
function viewportObserver(): IntersectionObserver | null {
  if (observer !== undefined) return observer;
  observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) if (entry.isIntersecting) bringForward(entry.target);
          },
          { rootMargin: NEAR_VIEWPORT },
        )
      : null;
  return observer;
}

function bringForward(target: Element): void {
  const found = waiting.find((entry) => entry.box === target || entry.part === target);
  if (!found || found.near) return;
  found.near = true;
  scheduleTask();
}

/** The next island: the first near one, else (when the browser is idle) the first in the page. */
function takeTurn(idle: boolean): void {
  const entry = waiting.find((candidate) => candidate.near) ?? (idle ? waiting[0] : undefined);
  if (entry) {
    waiting.splice(waiting.indexOf(entry), 1);
    forget(entry);
  }
  // The next turn is booked first, so an island that fails to start does not stop the rest.
  scheduleNext();
  entry?.start();
}

function scheduleNext(): void {
  if (waiting.some((entry) => entry.near)) scheduleTask();
  else if (waiting.length > 0) scheduleIdle();
}

function scheduleTask(): void {
  if (taskPending) return;
  taskPending = true;
  setTimeout(() => {
    taskPending = false;
    takeTurn(false);
  }, 0);
}

function scheduleIdle(): void {
  if (idlePending) return;
  idlePending = true;
  const run = () => {
    idlePending = false;
    takeTurn(true);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TURN_TIMEOUT_MS });
  else setTimeout(run, 0);
}

const TOUCHES = ['pointerdown', 'focusin', 'keydown'] as const;

function forget(entry: Waiting): void {
  observer?.unobserve(entry.box);
  for (const type of TOUCHES) entry.part.removeEventListener(type, entry.touched, { capture: true });
}

/**
 * Queues the island in `part` and calls `start` on its turn (in a task of its own). Returns a
 * cancel for an island that goes before its turn (the page moved on).
 */
export function islandTurn(part: Element, start: () => void): () => void {
  const watcher = viewportObserver();
  const entry: Waiting = { part, start, near: watcher === null, box: part.firstElementChild ?? part, touched: () => bringForward(part) };
  waiting.push(entry);
  watcher?.observe(entry.box);
  for (const type of TOUCHES) part.addEventListener(type, entry.touched, { capture: true, passive: true });
  scheduleNext();
  return () => {
    const index = waiting.indexOf(entry);
    if (index < 0) return;
    waiting.splice(index, 1);
    forget(entry);
  };
}
