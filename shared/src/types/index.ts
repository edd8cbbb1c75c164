// The api's wire shapes are defined once, as TypeBox schemas in @storefront/contracts; each type
// here is its schema's static type, imported with `import type` only, so no bundle carries a
// schema (contracts/README.md). Only ProductReadingA and B, the shapes other data may come in
// (docs/behaviour.md#reading-a-and-reading-b), are written here.
export type {
  Picture,
  Colour,
  Size,
  ProductCategory,
  Category,
  Product,
  ProductReadingA,
  ProductReadingB,
} from './product';
export type { CartItem, CartItemPayload, WishlistItem } from './cart';
export type { ApiError, ApiMessage } from './apiError';
export type {
  DeliveryAddress,
  DeliveryMethod,
  EftAccount,
  EftPaymentDetails,
  InsufficientStockError,
  LookedUpOrder,
  OperatorOrder,
  OperatorOrderEvent,
  OperatorOrderPage,
  OperatorOrderRow,
  OperatorSummary,
  Order,
  OrderContact,
  OrderEvent,
  OrderLine,
  OrderLookupRequest,
  OrderMoveRequest,
  OrderStatus,
  PaidTotals,
  PaymentMethod,
  PaymentMethodsAnswer,
  PlaceOrderRequest,
  ShortLine,
} from './order';
export type { User, Address } from './user';
export type { ProductReview, ProductReviewPage, ReviewRatingCount } from './review';
export type { ShopDisclosures } from './shop';
export type { CategoryFacet, ProductFacets, SearchSuggestions } from './catalogue';
export type {
  AccountDataExport,
  ChangePasswordRequest,
  ConfirmPasswordRequest,
  ForgotPasswordRequest,
  LoginArgs,
  ProfileChanges,
  RegisterArgs,
  ResetPasswordRequest,
  SignedOutOthers,
} from './auth';
export type { ContactMessageInput, NewsletterSignUp, NewsletterToken } from './messages';
