import type { ShopDisclosuresSchema, Static } from '@storefront/contracts';

/**
 * GET /api/shop/disclosures: who the shop is and on what terms it sells, as the law on selling
 * online (the Electronic Communications and Transactions Act, section 43) asks a shop to show
 * before a shopper buys. Read from the shop's configuration; amounts in cents.
 */
export interface ShopDisclosures extends Static<typeof ShopDisclosuresSchema> {}
