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
export type { ProductReview, ProductReviewPage, ReviewRatingCount } from './review';
