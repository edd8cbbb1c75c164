/**
 * A module load that remembers whether it has arrived, so `lazy` can draw its component on the
 * first render when it has (moduleLoader.ts, which remoteComponent.ts and the monolith build's
 * stand-in for it use).
 */
export type TrackedLoad<Module> = Promise<Module> & {
  status?: 'fulfilled';
  value?: Module;
  /** When it began (performance.now()): a region's "taking longer" message counts from then. */
  startedAt?: number;
};

export function trackLoad<Module>(load: Promise<Module>): TrackedLoad<Module> {
  const tracked: TrackedLoad<Module> = Object.assign(load, { startedAt: performance.now() });
  tracked.then(
    (value) => {
      Object.assign(tracked, { status: 'fulfilled', value });
    },
    // A failure is the caller's to handle (the region's boundary); this branch only keeps the
    // tracking from raising an unhandled rejection of its own.
    () => undefined,
  );
  return tracked;
}

/**
 * The load as `lazy` wants it. One that has already arrived is handed over as a thenable that
 * answers at once: `lazy` then draws it on its first render. (Given a promise, `lazy` suspends on
 * its first render even when the promise has settled, and a page revealed after its loading state
 * has shown waits out React's 300 ms reveal throttle: a skeleton flash and a later paint.)
 */
export function forLazy<Module>(load: TrackedLoad<Module>): Promise<Module> {
  const { status, value } = load;
  if (status !== 'fulfilled' || value === undefined) return load;
  const arrived = { then: (onFulfilled: (loaded: Module) => unknown) => void onFulfilled(value) };
  return arrived as unknown as Promise<Module>;
}
