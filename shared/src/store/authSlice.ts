import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { authApi } from '../api/authApi';
import type { User } from '../types';

/** The auth UI state: who is signed in, and which of the three modals is open. */
export interface AuthState {
  signed_in: boolean;
  user: User | null;
  login_modal_open: boolean;
  register_modal_open: boolean;
  forgot_password_modal_open: boolean;
}

const initialState: AuthState = {
  signed_in: false,
  user: null,
  login_modal_open: false,
  register_modal_open: false,
  forgot_password_modal_open: false,
};

const allClosed = { login_modal_open: false, register_modal_open: false, forgot_password_modal_open: false };

const signedIn = isAnyOf(
  authApi.endpoints.getMe.matchFulfilled,
  authApi.endpoints.login.matchFulfilled,
  authApi.endpoints.register.matchFulfilled,
  authApi.endpoints.updateMe.matchFulfilled,
);

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loginModalOpened: (state) => ({ ...state, ...allClosed, login_modal_open: true }),
    registerModalOpened: (state) => ({ ...state, ...allClosed, register_modal_open: true }),
    forgotPasswordModalOpened: (state) => ({ ...state, ...allClosed, forgot_password_modal_open: true }),
    modalsClosed: (state) => ({ ...state, ...allClosed }),
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(signedIn, (state, action) => {
        state.signed_in = true;
        state.user = action.payload;
      })
      .addMatcher(authApi.endpoints.getMe.matchRejected, (state, action) => {
        // Only a 401 says "signed out"; a network failure leaves what we knew.
        if (action.payload?.status === 401) {
          state.signed_in = false;
          state.user = null;
        }
      })
      .addMatcher(authApi.endpoints.logout.matchFulfilled, () => initialState)
      .addMatcher(authApi.endpoints.deleteAccount.matchFulfilled, () => initialState);
  },
  selectors: {
    selectSignedIn: (state) => state.signed_in,
    selectUser: (state) => state.user,
    selectOpenModal: (state): 'login' | 'register' | 'forgot-password' | null =>
      state.login_modal_open ? 'login' : state.register_modal_open ? 'register' : state.forgot_password_modal_open ? 'forgot-password' : null,
  },
});

export const { loginModalOpened, registerModalOpened, forgotPasswordModalOpened, modalsClosed } = authSlice.actions;
export const { selectSignedIn, selectUser, selectOpenModal } = authSlice.selectors;
