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
  Order,
  OrderContact,
  OrderLine,
  OrderStatus,
  PaymentMethod,
  PaymentMethodsAnswer,
  PlaceOrderRequest,
  ShortLine,
} from './order';
export type { User, Address } from './user';
export type { ProductReview, ProductReviewPage, ReviewRatingCount } from './review';
