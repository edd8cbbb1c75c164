/**
 * A wire shape is defined once, in @storefront/contracts: the api validates with its schema, and
 * shared's type is the schema's static type (`interface Order extends Static<typeof OrderSchema>
 * {}`). This keeps the two from drifting apart again:
 *
 * - at compile time (the api's typecheck), each of shared's wire types is exactly its schema's
 *   static type, and shared's own lists (order statuses, provinces) are the schema's;
 * - at run time, the values shared keeps beside the schemas (the order statuses, provinces, note
 *   limits, contact form limits, the direction controls refused in shown text) are the ones the
 *   schemas hold.
 *
 * That a value of each type, as shared's own code makes it, passes its schema is checked in
 * representativeValues.test.ts.
 */
import {
  AccountDataSchema,
  MessageSchema,
  SignedOutOthersSchema,
  AddressSchema,
  CartItemPayloadSchema,
  CartItemSchema,
  CategoryFacetSchema,
  CategorySchema,
  ChangePasswordBodySchema,
  ColourSchema,
  ConfirmPasswordBodySchema,
  ContactMessageBodySchema,
  DeliveryAddressSchema,
  DIRECTION_CONTROL_RANGE,
  EftPaymentDetailsSchema,
  ErrorSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LookedUpOrderSchema,
  NewsletterBodySchema,
  NewsletterTokenBodySchema,
  NewsletterUnsubscribeBodySchema,
  OperatorOrderPageSchema,
  OperatorOrderSchema,
  OperatorSummarySchema,
  OptionalShownText,
  OrderConflictSchema,
  OrderLookupBodySchema,
  OrderMoveBodySchema,
  OrderSchema,
  OrderStatusSchema,
  PaymentMethodsAnswerSchema,
  PictureSchema,
  PlaceOrderBodySchema,
  ProductCategorySchema,
  ProductFacetsSchema,
  ProductSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  ReviewPageSchema,
  SearchSuggestionsSchema,
  ShopDisclosuresSchema,
  ShownText,
  SizeSchema,
  UpdateMeBodySchema,
  UserSchema,
  type Static,
} from '@storefront/contracts';
import { CONTACT_LIMITS, ORDER_NOTE_LIMITS, ORDER_STATUSES, SA_PROVINCES, type SaProvince } from '@storefront/shared/domain';
import { changesTextDirection, DIRECTION_CONTROL_RANGE as SHARED_DIRECTION_CONTROL_RANGE } from '@storefront/shared/text-direction';
import type {
  AccountDataExport,
  Address,
  ApiError,
  ApiMessage,
  CartItem,
  CartItemPayload,
  Category,
  CategoryFacet,
  ChangePasswordRequest,
  Colour,
  ConfirmPasswordRequest,
  ContactMessageInput,
  DeliveryAddress,
  DeliveryMethod,
  EftAccount,
  EftPaymentDetails,
  ForgotPasswordRequest,
  InsufficientStockError,
  LoginArgs,
  LookedUpOrder,
  NewsletterSignUp,
  NewsletterToken,
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
  Picture,
  PlaceOrderRequest,
  Product,
  ProductCategory,
  ProductFacets,
  ProductReview,
  ProductReviewPage,
  ProfileChanges,
  RegisterArgs,
  ResetPasswordRequest,
  SignedOutOthers,
  ReviewRatingCount,
  SearchSuggestions,
  ShopDisclosures,
  ShortLine,
  Size,
  User,
} from '@storefront/shared/types';
import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import type { User as ApiUser } from '../identity/users';

// ---- At compile time: `npm run typecheck` fails on the line of a type that no longer matches. ----

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<T extends true> = T;

type _SharedTypesAreTheContracts = [
  Holds<Same<ApiError, Static<typeof ErrorSchema>>>,
  Holds<Same<Picture, Static<typeof PictureSchema>>>,
  Holds<Same<Colour, Static<typeof ColourSchema>>>,
  Holds<Same<Size, Static<typeof SizeSchema>>>,
  Holds<Same<ProductCategory, Static<typeof ProductCategorySchema>>>,
  Holds<Same<Category, Static<typeof CategorySchema>>>,
  Holds<Same<Product, Static<typeof ProductSchema>>>,
  Holds<Same<CartItem, Static<typeof CartItemSchema>>>,
  Holds<Same<CartItemPayload, Static<typeof CartItemPayloadSchema>>>,
  Holds<Same<User, Static<typeof UserSchema>>>,
  Holds<Same<ApiUser, Static<typeof UserSchema>>>,
  Holds<Same<Address, Static<typeof AddressSchema>>>,
  Holds<Same<ShopDisclosures, Static<typeof ShopDisclosuresSchema>>>,
  Holds<Same<OrderStatus, Static<typeof OrderStatusSchema>>>,
  Holds<Same<DeliveryAddress, Static<typeof DeliveryAddressSchema>>>,
  Holds<Same<EftPaymentDetails, Static<typeof EftPaymentDetailsSchema>>>,
  Holds<Same<EftAccount, Omit<Static<typeof EftPaymentDetailsSchema>, 'reference'>>>,
  Holds<Same<PaymentMethodsAnswer, Static<typeof PaymentMethodsAnswerSchema>>>,
  Holds<Same<PlaceOrderRequest, Static<typeof PlaceOrderBodySchema>>>,
  Holds<Same<Order, Static<typeof OrderSchema>>>,
  Holds<Same<LookedUpOrder, Static<typeof LookedUpOrderSchema>>>,
  Holds<Same<OperatorOrder, Static<typeof OperatorOrderSchema>>>,
  Holds<Same<OperatorOrderPage, Static<typeof OperatorOrderPageSchema>>>,
  Holds<Same<OperatorSummary, Static<typeof OperatorSummarySchema>>>,
  Holds<Same<OrderLookupRequest, Static<typeof OrderLookupBodySchema>>>,
  Holds<Same<OrderMoveRequest, Static<typeof OrderMoveBodySchema>>>,
  Holds<Same<ProductReviewPage, Static<typeof ReviewPageSchema>>>,
  Holds<Same<ProductFacets, Static<typeof ProductFacetsSchema>>>,
  Holds<Same<SearchSuggestions, Static<typeof SearchSuggestionsSchema>>>,
  Holds<Same<LoginArgs, Static<typeof LoginBodySchema>>>,
  Holds<Same<RegisterArgs, Static<typeof RegisterBodySchema>>>,
  Holds<Same<ProfileChanges, Static<typeof UpdateMeBodySchema>>>,
  Holds<Same<ForgotPasswordRequest, Static<typeof ForgotPasswordBodySchema>>>,
  Holds<Same<ResetPasswordRequest, Static<typeof ResetPasswordBodySchema>>>,
  Holds<Same<ChangePasswordRequest, Static<typeof ChangePasswordBodySchema>>>,
  Holds<Same<ConfirmPasswordRequest, Static<typeof ConfirmPasswordBodySchema>>>,
  Holds<Same<ApiMessage, Static<typeof MessageSchema>>>,
  Holds<Same<SignedOutOthers, Static<typeof SignedOutOthersSchema>>>,
  Holds<Same<AccountDataExport, Static<typeof AccountDataSchema>>>,
  Holds<Same<ContactMessageInput, Static<typeof ContactMessageBodySchema>>>,
  Holds<Same<NewsletterSignUp, Static<typeof NewsletterBodySchema>>>,
  Holds<Same<NewsletterToken, Static<typeof NewsletterTokenBodySchema>>>,
  // The parts the answers are made of.
  Holds<Same<OrderLine, Order['lines'][number]>>,
  Holds<Same<OrderEvent, Order['history'][number]>>,
  Holds<Same<OperatorOrderEvent, OperatorOrder['history'][number]>>,
  Holds<Same<OrderContact, Order['contact']>>,
  Holds<Same<DeliveryMethod, Order['delivery_method']>>,
  Holds<Same<PaymentMethod, Order['payment_method']>>,
  Holds<Same<OperatorOrderRow, OperatorOrderPage['orders'][number]>>,
  Holds<Same<PaidTotals, OperatorSummary['today']>>,
  Holds<Same<ShortLine, NonNullable<Static<typeof OrderConflictSchema>['lines']>[number]>>,
  Holds<Same<ProductReview, ProductReviewPage['reviews'][number]>>,
  Holds<Same<ReviewRatingCount, ProductReviewPage['rating_counts'][number]>>,
  Holds<Same<CategoryFacet, Static<typeof CategoryFacetSchema>>>,
  Holds<Same<CategoryFacet, ProductFacets['categories'][number]>>,
  Holds<Same<Category, SearchSuggestions['categories'][number]>>,
  Holds<Same<User, AccountDataExport['profile']>>,
  // Shared's lists for the forms and the order's life are the schemas' values, no more, no fewer.
  Holds<Same<(typeof ORDER_STATUSES)[number], OrderStatus>>,
  Holds<Same<SaProvince, DeliveryAddress['province']>>,
];

// An insufficient-stock answer is one of the 409 answers the schema describes.
const _insufficientStockIsAConflict = (error: InsufficientStockError): Static<typeof OrderConflictSchema> => error;
// The storefront unsubscribes with the token alone, one of the bodies the unsubscribe route takes.
const _unsubscribingSendsAToken = (body: NewsletterToken): Static<typeof NewsletterUnsubscribeBodySchema> => body;

// ---- At run time: the values shared keeps, against the schemas. ----

describe('shared’s wire types and the contracts’ schemas', () => {
  it('shared’s order statuses are the schema’s, in the same order', () => {
    expect(OrderStatusSchema.enum).toEqual([...ORDER_STATUSES]);
  });

  it('shared’s provinces are the ones a delivery address takes, in the same order', () => {
    expect(DeliveryAddressSchema.properties.province.enum).toEqual([...SA_PROVINCES]);
  });

  it('the operator’s note fields are as long as shared’s forms let them be', () => {
    const { reference, tracking, reason } = OrderMoveBodySchema.properties;
    const maxLength = (schema: TSchema) => (schema as { maxLength?: number }).maxLength;
    expect({ reference: maxLength(reference), tracking: maxLength(tracking), reason: maxLength(reason) }).toEqual({ ...ORDER_NOTE_LIMITS });
  });

  it('the contact message’s fields are bounded by shared’s limits: twice them for the text trimmed before it is checked', () => {
    const { name, email, phone, subject, message } = ContactMessageBodySchema.properties;
    const maxLength = (schema: TSchema) => (schema as { maxLength?: number }).maxLength;
    expect({ name: maxLength(name), email: maxLength(email), phone: maxLength(phone), subject: maxLength(subject), message: maxLength(message) }).toEqual({
      name: CONTACT_LIMITS.name * 2,
      email: CONTACT_LIMITS.email,
      phone: CONTACT_LIMITS.phone,
      subject: CONTACT_LIMITS.subject * 2,
      message: CONTACT_LIMITS.message * 2,
    });
    expect(maxLength(NewsletterBodySchema.properties.email)).toBe(CONTACT_LIMITS.email);
  });

  it('shown text refuses exactly the characters that shared’s changesTextDirection finds', () => {
    expect(DIRECTION_CONTROL_RANGE).toBe(SHARED_DIRECTION_CONTROL_RANGE);
    const shown = Compile(ShownText(10));
    const optional = Compile(OptionalShownText(10));
    const disagreeing: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      const refused = !optional.Check(character);
      const refusedAfterLetter = !shown.Check(`a${character}`);
      if (refused !== changesTextDirection(character) || refusedAfterLetter !== refused) disagreeing.push(`U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
    }
    expect(disagreeing).toEqual([]);
  });
});
