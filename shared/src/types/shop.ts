/**
 * GET /api/shop/disclosures: who the shop is and on what terms it sells, as the law on selling
 * online (the Electronic Communications and Transactions Act, section 43) asks a shop to show
 * before a shopper buys. Read from the shop's configuration; amounts in cents.
 */
export interface ShopDisclosures {
  /** The registered name of the business behind the shop. */
  legalName: string;
  /** Its company registration number, such as 2015/123456/07. */
  registrationNumber: string;
  /** Ten digits starting with 4; null when the business is not registered for VAT. */
  vatNumber: string | null;
  /** The physical address, one entry a line: street, suburb, town, postal code. */
  address: string[];
  email: string;
  phone: string;
  /** Each a list of paragraphs of plain text. */
  returnsPolicy: string[];
  deliveryPolicy: string[];
  privacyPolicy: string[];
  paymentSecurity: string[];
  /** The flat delivery fee in cents (collecting in store is free). */
  deliveryFee: number;
  /** True while the details are made-up samples (development and tests): no real shop's. */
  sample: boolean;
}
