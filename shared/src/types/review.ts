/** One shopper's review of a product, as GET /products/{id}/reviews lists it. */
export interface ProductReview {
  id: string;
  product_id: string;
  author_name: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  title: string;
  body: string;
  /** ISO 8601. */
  created_at: string;
  /** The author's account had ordered the product when the review was written. */
  verified_buyer: boolean;
}

/** How many of a product's reviews gave `rating` stars. */
export interface ReviewRatingCount {
  rating: number;
  count: number;
}

/** A page of a product's reviews, newest first, with what all of its reviews add up to. */
export interface ProductReviewPage {
  reviews: ProductReview[];
  /** All the product's reviews, not just this page's. */
  total: number;
  page: number;
  limit: number;
  /** Mean of all the product's review ratings, two decimals; 0 when there are none. */
  average: number;
  /** One entry for each of 5, 4, 3, 2 and 1 stars, in that order. */
  rating_counts: ReviewRatingCount[];
  /** How many of all the product's reviews are from verified buyers. */
  verified_count: number;
}
