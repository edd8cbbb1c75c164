import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { baseApi } from '../api/baseApi';
import { rootReducer } from '../store/createStore';
// Shared's own endpoints (accounts, orders) are injected when the package loads: load it first, so
// they are not counted as the remote's.
import '../index';

/** What a remote says it adds to the one store (its `src/contract.ts`), published with each release. */
export interface RemoteContract {
  slices: readonly string[];
  endpoints: readonly string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * Loads every module of a remote that injects into the store and reports what it added, so a
 * contract test can hold `src/contract.ts` to the truth: release managers' checks trust it.
 */
export function injectedBy(srcDir: string): RemoteContract {
  const endpointsBefore = new Set(Object.keys(baseApi.endpoints));
  const slices: string[] = [];
  const inject = rootReducer.inject.bind(rootReducer);
  const spy = jest.spyOn(rootReducer, 'inject').mockImplementation(((slice: { reducerPath: string }, config?: object) => {
    slices.push(slice.reducerPath);
    return inject(slice as never, config);
  }) as typeof rootReducer.inject);
  try {
    for (const file of sourceFiles(srcDir)) {
      const source = readFileSync(file, 'utf8');
      if (/\.injectEndpoints\(|rootReducer\.inject\(/.test(source)) jest.requireActual(file);
    }
  } finally {
    spy.mockRestore();
  }
  const endpoints = Object.keys(baseApi.endpoints).filter((name) => !endpointsBefore.has(name));
  return { slices: slices.sort(), endpoints: endpoints.sort() };
}
