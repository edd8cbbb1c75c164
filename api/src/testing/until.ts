/**
 * Waits until `check` holds, asking every `everyMs`; a check that throws has not held yet. Fails
 * with `what` (and the last error, if any) after `timeoutMs`.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 10_000, everyMs = 100 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting until ${what}${lastError instanceof Error ? ` (last: ${lastError.message})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
