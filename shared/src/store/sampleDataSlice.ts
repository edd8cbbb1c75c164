import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Which reads were answered from built-in sample data because the api failed, so the
 * shell can say so quietly instead of pretending the sample is the live catalogue.
 */
export interface SampleDataState {
  endpoints: string[];
}

const initialState: SampleDataState = { endpoints: [] };

export const sampleDataSlice = createSlice({
  name: 'sampleData',
  initialState,
  reducers: {
    sampleDataServed(state, action: PayloadAction<string>) {
      if (!state.endpoints.includes(action.payload)) state.endpoints.push(action.payload);
    },
    liveDataServed(state, action: PayloadAction<string>) {
      // Most reads succeed: only touch the state when it changes, so nobody re-renders for nothing.
      if (state.endpoints.includes(action.payload)) {
        state.endpoints = state.endpoints.filter((endpoint) => endpoint !== action.payload);
      }
    },
  },
  selectors: {
    selectIsServingSampleData: (state) => state.endpoints.length > 0,
  },
});

export const { sampleDataServed, liveDataServed } = sampleDataSlice.actions;
export const { selectIsServingSampleData } = sampleDataSlice.selectors;
