export * from './types';
// The domain rules every page's code may need; the rest, each used by one remote's form or page
// (passwords, addresses, the contact form, order totals, search departments, email shape), come
// from '@storefront/shared/domain' into that remote's own chunk rather than every first load.
export {
  cartLineKey,
  productIdFromKey,
  DEFAULT_VARIANT_PART,
  cartCount,
  cartSubtotal,
  cartTotal,
  DELIVERY_FEE,
  formatRand,
  toCents,
  fromCents,
  effectivePrice,
  isOnSale,
  salePercent,
  salePercentLabel,
  ratingBarWidth,
  MAX_RATING,
  RATING_BAR_PERCENT_PER_POINT,
  normalisePhone,
  isValidPhone,
  PHONE_PREFIX,
  PHONE_LENGTH,
  clampQuantity,
  MIN_QUANTITY,
  randomId,
  RANDOM_ID_ALPHABET,
  RANDOM_ID_LENGTH,
  normaliseProduct,
  slugify,
  assetUrl,
  SIZES,
  COLOURS,
  CATEGORIES,
  vatIncluded,
  VAT_RATE,
} from './domain';
export type { KeyedProduct, PricedLine, SalePricing, SearchCategory, SaProvince, OrderTotals, ContactMessageErrors } from './domain';
export {
  baseApi,
  CACHE_SECONDS,
  useGetProductsQuery,
  useGetProductQuery,
  useGetColoursQuery,
  useGetSizesQuery,
  useGetCategoriesQuery,
  useGetWishlistQuery,
  useGetCartQuery,
} from './api/baseApi';
export type { ProductPage, ProductQuery, StorefrontThunkExtra } from './api/baseApi';
export { CART_MESSAGES, MESSAGES } from './api/messages';
export {
  rootReducer,
  createStorefrontStore,
  useAppDispatch,
  useAppSelector,
  useAppStore,
} from './store/createStore';
export type { AppDispatch, AppStore, CreateStoreOptions, LazyLoadedSlices, RootState } from './store/createStore';
export { configSlice, DEFAULT_CONFIG, selectApiBase, selectAssetHost } from './store/configSlice';
export type { StorefrontConfig } from './store/configSlice';
export { sampleDataSlice, selectIsServingSampleData } from './store/sampleDataSlice';
export { emitStorefrontEvent, onStorefrontEvent } from './events';
export type { StorefrontEventOptions, StorefrontEvents, StorefrontEventName } from './events';
export { Price } from './ui/Price';
export { RatingBar } from './ui/RatingBar';
export { ProductImage } from './ui/ProductImage';
export { QuantityInput } from './ui/QuantityInput';
export { Skeleton } from './ui/Skeleton';
export { useBottomBarHeight, type BottomBar } from './ui/bottomBars';
export { ErrorBoundary } from './ui/ErrorBoundary';
export { TOAST_OPTIONS } from './ui/toastOptions';
export { toast, Toasts } from './ui/toasts';
export { Modal } from './ui/Modal';
export { FormField, visibleFieldError, type FieldControlProps, type FieldState } from './ui/FormField';
export {
  authApi,
  apiErrorMessage,
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
  forgetShopperData,
} from './api/authApi';
export {
  authSlice,
  loginModalOpened,
  registerModalOpened,
  forgotPasswordModalOpened,
  modalsClosed,
  selectSignedIn,
  selectUser,
  selectOpenModal,
} from './store/authSlice';
export type { AuthState } from './store/authSlice';
export { ordersApi, useGetOrdersQuery, useGetOrderQuery } from './api/ordersApi';
export { productSearchParams } from './api/baseApi';
export type { ProductSort } from './api/baseApi';
export * from './libraries';
export * from './ssr';
export { EmbedderContext, EMBED_ATTRIBUTE, embedderOf, embeddedKey } from './federation/embedder';
export { Embedded } from './federation/Embedded';
export { WithIslandContexts } from './federation/islandContexts';
export type { IslandContexts } from './federation/islandContexts';
export type { EmbeddedProps } from './federation/Embedded';
export type { EmbeddableComponent, EmbeddedModuleRef, EmbedIsland, IslandView, ModuleEmbedder } from './federation/embedder';
