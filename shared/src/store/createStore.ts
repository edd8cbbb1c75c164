import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { baseApi, type StorefrontThunkExtra } from '../api/baseApi';
import { configSlice, DEFAULT_CONFIG, type StorefrontConfig } from './configSlice';
import { authSlice } from './authSlice';
import { sampleDataSlice } from './sampleDataSlice';

/**
 * Slices that remotes inject at run time. A remote declares its slice here by declaration
 * merging, then calls `rootReducer.inject(slice)`:
 *
 *   declare module '@storefront/shared' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The one root reducer. It is a module singleton (shared through Module Federation), so every remote injects into the same store. */
export const rootReducer = combineSlices(baseApi, configSlice, sampleDataSlice, authSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export interface CreateStoreOptions {
  config?: Partial<StorefrontConfig>;
  /** The fetch the api uses; defaults to the browser's. */
  fetchFn?: typeof fetch;
}

export function createStorefrontStore({ config, fetchFn }: CreateStoreOptions = {}) {
  const extraArgument: StorefrontThunkExtra = fetchFn ? { fetchFn } : {};
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { config: { ...DEFAULT_CONFIG, ...config } },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument },
        // Catalogue pages are large; the development-only checks would warn on every page.
        serializableCheck: { warnAfter: 200 },
        immutableCheck: { warnAfter: 200 },
      }).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStorefrontStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
