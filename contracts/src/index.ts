/**
 * @storefront/contracts: the api's wire shapes as TypeBox schemas, each defined once. The api
 * validates requests and documents answers with them; shared derives its types from them with
 * `Static<typeof …Schema>`, through type-only imports, so no browser bundle carries TypeBox.
 */
export type { Static } from 'typebox';
export * from './names';
export {
  DIRECTION_CONTROL_RANGE,
  ErrorSchema,
  MessageSchema,
  IdentifierSchema,
  NO_DIRECTION_CONTROL_PATTERN,
  NOT_BLANK_PATTERN,
  Nullable,
  OptionalShownText,
  RequiredText,
  SHOWN_TEXT_PATTERN,
  ShownText,
  SIX_DIGITS_PATTERN,
} from './common';
export { CategorySchema, ColourSchema, PictureSchema, ProductCategorySchema, ProductSchema, SizeSchema, WishlistPayloadSchema } from './product';
export { CartItemPayloadSchema, CartItemSchema, MAX_QTY } from './cart';
export { AddressBodySchema, AddressSchema, SessionAnswerSchema, UserAnswerSchema, UserSchema } from './user';
export {
  ChangePasswordBodySchema,
  ConfirmPasswordBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SignedOutOthersSchema,
  UpdateMeBodySchema,
} from './auth';
export { AccountDataSchema, NewsletterConsentSchema } from './account';
export { ContactMessageBodySchema, NewsletterBodySchema, NewsletterTokenBodySchema, NewsletterUnsubscribeBodySchema } from './messages';
export {
  CategoryFacetSchema,
  MAX_SUGGESTED_CATEGORIES,
  MAX_SUGGESTED_PRODUCTS,
  ProductFacetsSchema,
  SearchSuggestionsSchema,
} from './catalogue';
export { ShopDisclosuresSchema } from './shop';
export {
  DeliveryAddressSchema,
  DeliveryChoiceSchema,
  DeliveryMethodSchema,
  EftPaymentDetailsSchema,
  LookedUpOrderSchema,
  OperatorOrderEventSchema,
  OperatorOrderPageSchema,
  OperatorOrderRowSchema,
  OperatorOrderSchema,
  OperatorSummarySchema,
  OrderConflictSchema,
  OrderContactSchema,
  OrderEventSchema,
  OrderLineSchema,
  OrderLookupBodySchema,
  OrderMoveBodySchema,
  OrderNumberSchema,
  OrderSchema,
  OrderStatusSchema,
  PaidTotalsSchema,
  PaymentMethodSchema,
  PaymentMethodsAnswerSchema,
  PlaceOrderBodySchema,
  ShortLineSchema,
  TYPED_ORDER_NUMBER,
  TypedEmailSchema,
} from './order';
export { MAX_REVIEWS_PER_PAGE, NewReviewSchema, ReviewPageSchema, ReviewRatingCountSchema, ReviewSchema } from './review';
export {
  CanaryHealthSchema,
  HealthFiguresSchema,
  ReleaseHealthSchema,
  ServerRenderReportSchema,
  TELEMETRY_REMOTES,
  TelemetryRemoteSchema,
  TelemetryReportSchema,
  VersionHealthSchema,
} from './telemetry';
export {
  CatalogueChoicesSchema,
  EditableProductSchema,
  NewProductBodySchema,
  OperatorPictureSchema,
  OperatorProductListQuerySchema,
  OperatorProductPageSchema,
  OperatorProductRowSchema,
  OperatorProductSchema,
  PictureArrangementBodySchema,
  ProductEditConflictSchema,
  ProductSaleSchema,
  ProductUpdateBodySchema,
  ProductVariantStockSchema,
  StockChangeBodySchema,
  StockMovementSchema,
  STOCK_REASONS,
} from './productEditing';
