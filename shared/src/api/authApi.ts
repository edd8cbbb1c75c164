import { baseApi } from './baseApi';
import type {
  AccountDataExport,
  ChangePasswordRequest,
  ConfirmPasswordRequest,
  ForgotPasswordRequest,
  LoginArgs,
  ProfileChanges,
  RegisterArgs,
  ResetPasswordRequest,
  SignedOutOthers,
  User,
} from '../types';

/** Signing in or out changes whose cart, wishlist and orders the shopper sees. */
const SHOPPER_DATA = ['Auth', 'Cart', 'Wishlist', 'Order'] as const;

/**
 * The account endpoints. They live in shared because the shell needs them too (who is signed
 * in, the login icon, Sign out in the Account menu), not only the account remote.
 */
export const authApi = baseApi.enhanceEndpoints({ addTagTypes: ['Auth', 'Order'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /**
     * The signed-in account. Asked of GET /auth/session, which answers a guest with user: null
     * rather than a 401 (a failed request on every guest's page load); a guest is still this
     * query's 401, as everything that asks it expects.
     */
    getMe: build.query<User, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery('auth/session');
        if (answer.error) return { error: answer.error };
        const { user } = answer.data as { user: User | null };
        return user ? { data: user } : { error: { status: 401, data: { error: 'not_signed_in', message: 'Sign in first.' } } };
      },
      providesTags: ['Auth'],
    }),
    login: build.mutation<User, LoginArgs>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      transformResponse: (answer: { user: User }) => answer.user,
      invalidatesTags: [...SHOPPER_DATA],
    }),
    register: build.mutation<User, RegisterArgs>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      transformResponse: (answer: { user: User }) => answer.user,
      invalidatesTags: [...SHOPPER_DATA],
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
      invalidatesTags: [...SHOPPER_DATA],
    }),
    updateMe: build.mutation<User, ProfileChanges>({
      query: (body) => ({ url: 'auth/me', method: 'PATCH', body }),
      transformResponse: (answer: { user: User }) => answer.user,
      invalidatesTags: ['Auth'],
    }),
    forgotPassword: build.mutation<{ message: string }, ForgotPasswordRequest>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message: string }, ResetPasswordRequest>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
    }),
    /** The current password is asked again; every other device is signed out. */
    changePassword: build.mutation<{ message: string }, ChangePasswordRequest>({
      query: (body) => ({ url: 'auth/password', method: 'POST', body }),
    }),
    signOutOtherDevices: build.mutation<SignedOutOthers, void>({
      query: () => ({ url: 'auth/sessions/sign-out-others', method: 'POST' }),
    }),
    /** Everything the shop holds about the account, as the JSON the api hands over (POPIA). */
    exportAccountData: build.mutation<AccountDataExport, ConfirmPasswordRequest>({
      query: (body) => ({ url: 'account/data-export', method: 'POST', body }),
    }),
    /**
     * Deletes the account for good; this browser is then a new anonymous shopper. Nothing is
     * invalidated on a wrong password (the form keeps its answer); on success the page says it
     * is leaving, then calls `forgetShopperData`.
     */
    deleteAccount: build.mutation<void, ConfirmPasswordRequest>({
      query: (body) => ({ url: 'account/delete', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetMeQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useUpdateMeMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useSignOutOtherDevicesMutation,
  useExportAccountDataMutation,
  useDeleteAccountMutation,
} = authApi;

/** After the shopper changed (an account deleted): everything of theirs is fetched again. */
export const forgetShopperData = () => authApi.util.invalidateTags([...SHOPPER_DATA]);

/** The api's message for a failed write (`{ error, message }`), or a fallback for network failures. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string') {
      return (data as { message: string }).message;
    }
  }
  return fallback;
}
