import { createSlice } from '@reduxjs/toolkit';

/** Where the storefront finds its api and pictures; set once by whoever creates the store. */
export interface StorefrontConfig {
  apiBase: string;
  assetHost: string;
}

export const DEFAULT_CONFIG: StorefrontConfig = {
  apiBase: '/api',
  assetHost: '/api/images/',
};

export const configSlice = createSlice({
  name: 'config',
  initialState: DEFAULT_CONFIG,
  reducers: {},
  selectors: {
    selectApiBase: (config) => config.apiBase,
    selectAssetHost: (config) => config.assetHost,
  },
});

export const { selectApiBase, selectAssetHost } = configSlice.selectors;
