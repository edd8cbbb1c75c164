/**
 * A representative value of each of shared's wire types, written by shared's own code where it
 * makes one (the sample data, the cart payload), passes its schema in @storefront/contracts, as
 * the api would validate it; and a value that breaks the contract is refused. That each type is
 * exactly its schema's static type is checked at compile time in contracts.test.ts.
 */
import {
  AccountDataSchema,
  MessageSchema,
  SignedOutOthersSchema,
  AddressSchema,
  CartItemPayloadSchema,
  CartItemSchema,
  CategorySchema,
  ChangePasswordBodySchema,
  ColourSchema,
  ConfirmPasswordBodySchema,
  ContactMessageBodySchema,
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
  OrderConflictSchema,
  OrderLookupBodySchema,
  OrderMoveBodySchema,
  OrderSchema,
  PaymentMethodsAnswerSchema,
  PictureSchema,
  PlaceOrderBodySchema,
  ProductFacetsSchema,
  ProductSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  ReviewPageSchema,
  SearchSuggestionsSchema,
  ShopDisclosuresSchema,
  SizeSchema,
  UpdateMeBodySchema,
  UserSchema,
} from '@storefront/contracts';
import { CATEGORIES, COLOURS, SIZES } from '@storefront/shared/domain';
import type {
  AccountDataExport,
  Address,
  ApiError,
  ApiMessage,
  CartItemPayload,
  CategoryFacet,
  ChangePasswordRequest,
  ConfirmPasswordRequest,
  ContactMessageInput,
  DeliveryAddress,
  EftPaymentDetails,
  ForgotPasswordRequest,
  InsufficientStockError,
  LoginArgs,
  LookedUpOrder,
  NewsletterSignUp,
  NewsletterToken,
  OperatorOrder,
  OperatorOrderPage,
  OperatorSummary,
  Order,
  OrderLine,
  OrderLookupRequest,
  OrderMoveRequest,
  PaymentMethodsAnswer,
  Picture,
  PlaceOrderRequest,
  ProductFacets,
  ProductReviewPage,
  ProfileChanges,
  RegisterArgs,
  ResetPasswordRequest,
  SignedOutOthers,
  SearchSuggestions,
  ShopDisclosures,
  User,
} from '@storefront/shared/types';
import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
// Shared's entry for the sample data alone (./testing brings the browser's): what the storefront
// shows when the api cannot be reached, standing in for the api's answers (and free of the
// browser, as the api's typecheck needs).
import { SAMPLE_CART, SAMPLE_PRODUCTS } from '@storefront/shared/api/sample-data';

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

});
