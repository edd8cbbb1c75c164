import { TEST_API_HANDLE, type TestApiHandle } from './testApiHandle';

/** jest globalTeardown of the web project: stops what globalSetup started. */
export default async function stopApiForTests(): Promise<void> {
  const handle = (globalThis as Record<string, unknown>)[TEST_API_HANDLE] as TestApiHandle | undefined;
  if (!handle) return;
  await Promise.all(handle.apps.map((app) => app.close()));
  await handle.database.close();
  delete (globalThis as Record<string, unknown>)[TEST_API_HANDLE];
}
