export default async function globalTeardown(): Promise<void> {
  await globalThis.__E2E_STOP_FIXTURES__?.();
  await globalThis.__E2E_STORE__?.stop();
  await globalThis.__E2E_STOP_MAIL__?.();
}
