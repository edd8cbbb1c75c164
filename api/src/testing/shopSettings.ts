/** A real shop's required details (SHOP_*), as its operator sets them: what a production start needs of them. */
export const CONFIGURED_SHOP_SETTINGS = {
  SHOP_LEGAL_NAME: 'Jacaranda Trading (Pty) Ltd',
  SHOP_REGISTRATION_NUMBER: '2015/123456/07',
  SHOP_ADDRESS: '12 Jacaranda Street; Hatfield; Pretoria; 0083',
  SHOP_EMAIL: 'hello@jacaranda.co.za',
  SHOP_PHONE: '+27 12 345 6789',
} as const;
