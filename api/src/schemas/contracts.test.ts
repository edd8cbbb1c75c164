/**
 * A wire shape is defined once, in @storefront/contracts: the api validates with its schema, and
 * shared's type is the schema's static type (`interface Order extends Static<typeof OrderSchema>
 * {}`). This keeps the two from drifting apart again:
 *
 * - at compile time (the api's typecheck), each of shared's wire types is exactly its schema's
 *   static type, and shared's own lists (order statuses, provinces) are the schema's;
 * - at run time, a representative value of each shared type, written by shared's own code where
 *   it makes one (the sample data, the cart payload), passes its schema, as the api would
 *   validate it; and the values shared keeps beside the schemas (the order statuses, provinces,
 *   note limits, contact form limits, the direction controls refused in shown text) are the ones
 *   the schemas hold.
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
import { CATEGORIES, COLOURS, CONTACT_LIMITS, ORDER_NOTE_LIMITS, ORDER_STATUSES, SA_PROVINCES, SIZES, type SaProvince } from '@storefront/shared/domain';
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
// Shared's entry for the sample data alone (./testing brings the browser's): what the storefront
// shows when the api cannot be reached, standing in for the api's answers (and free of the
// browser, as the api's typecheck needs).
import { SAMPLE_CART, SAMPLE_PRODUCTS } from '@storefront/shared/api/sample-data';
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

// ---- At run time: what shared makes, and the values it keeps, against the schemas. ----

/** The schema's complaints about `value`, as `path: message` lines; none when it passes. */
function problems(schema: TSchema, value: unknown): string[] {
  const validator = Compile(schema);
  return validator.Check(value) ? [] : [...validator.Errors(value)].map((error) => `${error.instancePath || '/'}: ${error.message}`);
}

const TSHIRT_PICTURE: Picture = { url: 'images/products/p1/1.svg', width: 800, height: 800, colour: 'blue' };

const ADDRESS: DeliveryAddress = { street: '12 Jacaranda Street', suburb: 'Hatfield', city: 'Pretoria', province: 'Gauteng', postal_code: '0083' };

const LINE: OrderLine = {
  id: 'p1-blue-m',
  product_id: 'p1',
  link: 'cotton-tee',
  name: 'Cotton Tee',
  colour: 'blue',
  size: 'm',
  colour_code: '#2563eb',
  picture: TSHIRT_PICTURE,
  price: 199.99,
  qty: 2,
  line_total: 399.98,
};

const EFT: EftPaymentDetails = {
  bank: 'First National Bank',
  account_holder: 'Jacaranda Trading (Pty) Ltd',
  account_number: '6200 1234 567',
  account_type: 'Cheque / current',
  branch_code: '250655',
  reference: 'JAC-2026-000123',
};

const ORDER: Order = {
  id: '0b0f7c1e-3f9a-4c39-9b53-1f0c2a3d4e5f',
  number: 'JAC-2026-000123',
  status: 'shipped',
  created_at: '2026-03-01T08:30:00.000Z',
  contact: { first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za', phone: '+27821234567' },
  delivery_method: 'delivery',
  address: ADDRESS,
  payment_method: 'eft',
  eft_payment: EFT,
  lines: [LINE],
  subtotal: 399.98,
  delivery: 99.99,
  vat: 65.21,
  total: 499.97,
  history: [
    { status: 'awaiting_payment', at: '2026-03-01T08:30:00.000Z', note: null },
    { status: 'paid', at: '2026-03-01T10:00:00.000Z', note: null },
    { status: 'shipped', at: '2026-03-02T09:00:00.000Z', note: 'TRK123456' },
  ],
  tracking_number: 'TRK123456',
  pay_by: null,
};

const LOOKED_UP: LookedUpOrder = { ...ORDER, contact: { phone_ending: '4567' }, address: { city: 'Pretoria' } };

const OPERATOR_ORDER: OperatorOrder = {
  ...ORDER,
  history: ORDER.history.map((event) => ({ ...event, by: 'operator@example.co.za' })),
  payment_reference: 'FNB 2026-03-01 123',
  paid_at: '2026-03-01T10:00:00.000Z',
  next_statuses: ['delivered', 'cancelled'],
};

const REVIEW_PAGE: ProductReviewPage = {
  reviews: [
    {
      id: 'r1',
      product_id: 'p1',
      author_name: 'Thandi N.',
      rating: 5,
      title: 'Soft and true to size',
      body: 'Washed it twice and it still fits.',
      created_at: '2026-03-05T12:00:00.000Z',
      verified_buyer: true,
    },
  ],
  total: 1,
  page: 1,
  limit: 10,
  average: 5,
  rating_counts: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: rating === 5 ? 1 : 0 })),
  verified_count: 1,
};

// An order in the account's data download: as its shopper sees it, less how to pay.
const { eft_payment: _eft, pay_by: _payBy, ...EXPORTED_ORDER } = ORDER;

const ACCOUNT_DATA: AccountDataExport = {
  exported_at: '2026-03-06T08:00:00.000Z',
  profile: { id: 'u1', email: 'thandi@example.co.za', first_name: 'Thandi', last_name: 'Nkosi', phone: '+27821234567', created_at: '2026-01-01T00:00:00.000Z', operator: false },
  addresses: [{ id: 'a1', label: 'Home', recipient: 'Thandi Nkosi', street: '12 Jacaranda Street', suburb: 'Hatfield', city: 'Pretoria', province: 'Gauteng', postal_code: '0083' }],
  orders: [EXPORTED_ORDER],
  reviews: [{ product_id: 'p1', product_name: 'Cotton Tee', rating: 5, title: 'Soft', body: 'Washed it twice.', author_name: 'Thandi N.', verified_buyer: true, created_at: '2026-03-05T12:00:00.000Z' }],
  wishlist: [{ product_id: 'p2', product_name: 'Linen Shirt', added_at: '2026-03-04T12:00:00.000Z' }],
  cart: [{ product_id: 'p1', product_name: 'Cotton Tee', colour: 'blue', size: 'm', qty: 1, added_at: '2026-03-04T13:00:00.000Z' }],
  newsletter: { status: 'subscribed', subscribed: true, consented_at: '2026-03-02T09:00:00.000Z', source: 'checkout', requested_at: '2026-03-01T08:30:00.000Z' },
};

/** Each shared type with the schema it is the static type of, and values of it as shared or a client makes them. */
const REPRESENTATIVES: [string, TSchema, readonly unknown[]][] = [
  ['ApiError', ErrorSchema, [{ error: 'not_found', message: 'No product with id p404' } satisfies ApiError]],
  ['Product (shared sample data, readings A and B normalised)', ProductSchema, SAMPLE_PRODUCTS],
  ['Colour (the sample colours)', ColourSchema, COLOURS],
  ['Size (the sample sizes)', SizeSchema, SIZES],
  ['Category (the sample category tree)', CategorySchema, CATEGORIES],
  ['Picture', PictureSchema, [TSHIRT_PICTURE]],
  ['CartItem (shared sample cart)', CartItemSchema, SAMPLE_CART],
  [
    // What the cart's Add to Cart sends is checked against the schema in mfe-cart's own tests (cartApi.test.ts).
    'CartItemPayload',
    CartItemPayloadSchema,
    [
      { id: 'p1-blue-m', qty: 1, size: 'm', colour: 'blue' } satisfies CartItemPayload,
      { id: 'p1', qty: 2, size: null, colour: null, colour_code: null } satisfies CartItemPayload,
    ],
  ],
  [
    'User',
    UserSchema,
    [{ id: 'u1', email: 'thandi@example.co.za', first_name: 'Thandi', last_name: 'Nkosi', phone: '+27821234567', created_at: '2026-01-01T00:00:00.000Z', operator: false } satisfies User],
  ],
  [
    'Address',
    AddressSchema,
    [{ id: 'a1', label: 'Home', recipient: 'Thandi Nkosi', street: '12 Jacaranda Street', suburb: '', city: 'Pretoria', province: 'Gauteng', postal_code: '0083' } satisfies Address],
  ],
  [
    'ShopDisclosures',
    ShopDisclosuresSchema,
    [
      {
        legalName: 'Jacaranda Trading (Pty) Ltd',
        registrationNumber: '2015/123456/07',
        vatNumber: '4123456789',
        address: ['12 Jacaranda Street', 'Hatfield', 'Pretoria', '0083'],
        email: 'shop@example.co.za',
        phone: '+27 12 345 6789',
        returnsPolicy: ['Return it within 30 days.'],
        deliveryPolicy: ['Delivered in 3 to 5 working days.'],
        privacyPolicy: ['We keep what we need to deliver.'],
        paymentSecurity: ['EFT or cash on delivery.'],
        deliveryFee: 9999,
        sample: true,
      } satisfies ShopDisclosures,
    ],
  ],
  ['Order', OrderSchema, [ORDER, { ...ORDER, delivery_method: 'collect', address: null, payment_method: 'cod', eft_payment: null, status: 'placed' } satisfies Order]],
  ['LookedUpOrder', LookedUpOrderSchema, [LOOKED_UP]],
  ['OperatorOrder', OperatorOrderSchema, [OPERATOR_ORDER]],
  [
    'OperatorOrderPage',
    OperatorOrderPageSchema,
    [
      {
        orders: [{ id: ORDER.id, number: ORDER.number, status: 'paid', created_at: ORDER.created_at, name: 'Thandi Nkosi', email: 'thandi@example.co.za', delivery_method: 'delivery', payment_method: 'eft', total: 499.97 }],
        page: 1,
        per_page: 50,
        total_count: 1,
      } satisfies OperatorOrderPage,
    ],
  ],
  ['OperatorSummary', OperatorSummarySchema, [{ today: { count: 1, total: 499.97 }, month: { count: 12, total: 5234.5 } } satisfies OperatorSummary]],
  ['PaymentMethodsAnswer', PaymentMethodsAnswerSchema, [{ payment_methods: ['eft', 'cod'] } satisfies PaymentMethodsAnswer]],
  [
    'PlaceOrderRequest',
    PlaceOrderBodySchema,
    [
      { contact: ORDER.contact, delivery: { method: 'delivery', ...ADDRESS }, payment_method: 'eft', marketingConsent: true } satisfies PlaceOrderRequest,
      { contact: ORDER.contact, delivery: { method: 'collect' }, payment_method: 'cod' } satisfies PlaceOrderRequest,
    ],
  ],
  ['OrderLookupRequest', OrderLookupBodySchema, [{ number: ' jac-2026-000123 ', email: 'thandi@example.co.za' } satisfies OrderLookupRequest]],
  [
    'OrderMoveRequest',
    OrderMoveBodySchema,
    [
      { to: 'paid', reference: 'FNB 2026-03-01 123' } satisfies OrderMoveRequest,
      { to: 'shipped', tracking: 'TRK123456' } satisfies OrderMoveRequest,
      { to: 'cancelled', reason: 'The shopper asked' } satisfies OrderMoveRequest,
    ],
  ],
  [
    'InsufficientStockError',
    OrderConflictSchema,
    [{ error: 'insufficient_stock', message: 'Not enough stock', lines: [{ id: 'p1-blue-m', product_id: 'p1', name: 'Cotton Tee', requested: 3, available: 1 }] } satisfies InsufficientStockError],
  ],
  ['ProductReviewPage', ReviewPageSchema, [REVIEW_PAGE]],
  [
    'ProductFacets',
    ProductFacetsSchema,
    [
      {
        total: 2,
        categories: [{ id: 'men', name: 'Men', parent: null, count: 2 }, { id: 'men-shirts', name: 'Shirts', parent: 'Men', count: 1 } satisfies CategoryFacet],
        colours: [{ name: 'blue', code: '#2563eb', count: 2 }],
        sizes: [{ name: 'm', label: 'medium', count: 1 }],
        price: { min: 199.99, max: 499 },
      } satisfies ProductFacets,
      { total: 0, categories: [], colours: [], sizes: [], price: null } satisfies ProductFacets,
    ],
  ],
  [
    'SearchSuggestions',
    SearchSuggestionsSchema,
    [
      {
        products: [
          { id: 'p1', name: 'Cotton Tee', link: 'cotton-tee', price: 199.99, on_sale_price: 149.99, on_sale_until: '2026-04-01T00:00:00.000Z', thumbnail: TSHIRT_PICTURE },
          { id: 'p2', name: 'Linen Shirt', link: 'linen-shirt', price: 499, on_sale_price: null, on_sale_until: null, thumbnail: null },
        ],
        categories: [{ id: 'men-shirts', name: 'Shirts', parent: 'Men' }],
      } satisfies SearchSuggestions,
    ],
  ],
  [
    'LoginArgs',
    LoginBodySchema,
    [
      { email: 'thandi@example.co.za', password: 'correct horse battery', remember: true } satisfies LoginArgs,
      { email: 'thandi@example.co.za', password: 'correct horse battery', code: '123456' } satisfies LoginArgs,
    ],
  ],
  [
    'RegisterArgs',
    RegisterBodySchema,
    [{ first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za', password: 'correct horse battery', phone: '+27821234567', remember: false } satisfies RegisterArgs],
  ],
  ['ProfileChanges', UpdateMeBodySchema, [{ first_name: 'Thandiwe' } satisfies ProfileChanges, { last_name: 'Nkosi', phone: '+27821234567' } satisfies ProfileChanges]],
  ['ForgotPasswordRequest', ForgotPasswordBodySchema, [{ email: 'thandi@example.co.za' } satisfies ForgotPasswordRequest]],
  ['ResetPasswordRequest', ResetPasswordBodySchema, [{ token: 'a-mailed-token', password: 'a new long password' } satisfies ResetPasswordRequest]],
  ['ChangePasswordRequest', ChangePasswordBodySchema, [{ current_password: 'correct horse battery', new_password: 'a new long password' } satisfies ChangePasswordRequest]],
  ['ConfirmPasswordRequest', ConfirmPasswordBodySchema, [{ password: 'correct horse battery' } satisfies ConfirmPasswordRequest]],
  ['ApiMessage', MessageSchema, [{ message: 'Check your email for a link to confirm.' } satisfies ApiMessage]],
  ['SignedOutOthers', SignedOutOthersSchema, [{ message: 'Signed out of 2 other devices.', signed_out: 2 } satisfies SignedOutOthers]],
  ['AccountDataExport', AccountDataSchema, [ACCOUNT_DATA, { ...ACCOUNT_DATA, addresses: [], orders: [], reviews: [], wishlist: [], cart: [], newsletter: { status: 'none', subscribed: false, consented_at: null, source: null, requested_at: null } } satisfies AccountDataExport]],
  [
    'ContactMessageInput',
    ContactMessageBodySchema,
    [
      { name: 'Thandi Nkosi', email: 'thandi@example.co.za', phone: '+27821234567', subject: 'Sizes', message: 'Does the tee run small?' } satisfies ContactMessageInput,
      { name: 'Thandi Nkosi', email: 'thandi@example.co.za', subject: 'Sizes', message: 'Does the tee run small?' } satisfies ContactMessageInput,
    ],
  ],
  ['NewsletterSignUp', NewsletterBodySchema, [{ email: 'thandi@example.co.za' } satisfies NewsletterSignUp]],
  ['NewsletterToken (confirming)', NewsletterTokenBodySchema, [{ token: 'a-mailed-token' } satisfies NewsletterToken]],
  ['NewsletterToken (unsubscribing)', NewsletterUnsubscribeBodySchema, [{ token: 'a-mailed-token' } satisfies NewsletterToken]],
];

describe('shared’s wire types and the contracts’ schemas', () => {
  it.each(REPRESENTATIVES)('%s: every representative value passes its schema', (_name, schema, values) => {
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect({ value, problems: problems(schema, value) }).toEqual({ value, problems: [] });
  });

  it('a value that breaks the contract is refused (the check above can fail)', () => {
    expect(problems(CartItemPayloadSchema, { id: 'p1', name: 'Cotton Tee' })).not.toEqual([]);
    expect(problems(OrderSchema, { ...ORDER, status: 'lost' })).not.toEqual([]);
  });

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
