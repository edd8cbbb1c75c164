import { Type } from 'typebox';
import { Nullable } from './common';

/** Each a list of paragraphs of plain text. */
const Paragraphs = Type.Array(Type.String());

/**
 * GET /api/shop/disclosures (shared `ShopDisclosures`): who the shop is and on what terms it
 * sells, as the law on selling online (the Electronic Communications and Transactions Act,
 * section 43) asks a shop to show before a shopper buys. Read from the shop's configuration;
 * amounts in cents.
 */
export const ShopDisclosuresSchema = Type.Object(
  {
    /** The registered name of the business behind the shop. */
    legalName: Type.String(),
    /** Its company registration number, such as 2015/123456/07. */
    registrationNumber: Type.String(),
    /** Ten digits starting with 4; null when the business is not registered for VAT. */
    vatNumber: Nullable(Type.String({ pattern: '^4[0-9]{9}$' })),
    /** The physical address, one entry a line: street, suburb, town, postal code. */
    address: Type.Array(Type.String()),
    email: Type.String(),
    phone: Type.String(),
    returnsPolicy: Paragraphs,
    deliveryPolicy: Paragraphs,
    privacyPolicy: Paragraphs,
    paymentSecurity: Paragraphs,
    /** The flat delivery fee in cents (collecting in store is free). */
    deliveryFee: Type.Integer({ minimum: 0, description: 'cents' }),
    /** True while the details are made-up samples (development and tests): no real shop's. */
    sample: Type.Boolean(),
  },
  { additionalProperties: false },
);
