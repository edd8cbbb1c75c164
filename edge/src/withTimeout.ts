/** A wait with an end: what a render, a server container's load, a page's budget or the warm-up is given at most. */

/** `work`'s result, or null once `ms` have passed. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
