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
export type { ApiError } from './apiError';
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
