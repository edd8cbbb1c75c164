/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer a tap in
 * between. The start-up splits its work with it: evaluating react-dom, the shared package and the
 * shell's components in one go held the main thread for 300–600 ms on a throttled phone, one
 * long task while the server's first screen was already showing.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  // scheduler.yield() resumes ahead of other queued work (Chromium); setTimeout elsewhere.
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
