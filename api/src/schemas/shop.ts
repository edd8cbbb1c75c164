import { Type } from 'typebox';
import { Nullable } from './common';

const Paragraphs = Type.Array(Type.String());

/** The shared `ShopDisclosures`: GET /shop/disclosures, the shop's details and policies. */
export const ShopDisclosuresSchema = Type.Object(
  {
    legalName: Type.String(),
    registrationNumber: Type.String(),
    vatNumber: Nullable(Type.String({ pattern: '^4[0-9]{9}$' })),
    address: Type.Array(Type.String()),
    email: Type.String(),
    phone: Type.String(),
    returnsPolicy: Paragraphs,
    deliveryPolicy: Paragraphs,
    privacyPolicy: Paragraphs,
    paymentSecurity: Paragraphs,
    deliveryFee: Type.Integer({ minimum: 0, description: 'cents' }),
    sample: Type.Boolean(),
  },
  { additionalProperties: false },
);
