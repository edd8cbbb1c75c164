import { isLoopbackHost } from './net/loopback';
import { readSettings } from './settings';
import { problemsOf } from './testing/settingsProblems';
import { CONFIGURED_SHOP_SETTINGS } from './testing/shopSettings';

const BANK = {
  EFT_BANK: 'First National Bank',
  EFT_ACCOUNT_HOLDER: 'Jacaranda Trading (Pty) Ltd',
  EFT_ACCOUNT_NUMBER: '6212 345 6789',
  EFT_BRANCH_CODE: '250655',
};

const SHOP = CONFIGURED_SHOP_SETTINGS;

/** What a production start needs at the least. */
const PRODUCTION = { NODE_ENV: 'production', ...BANK, ...SHOP };


describe('readSettings', () => {
  it('starts safe: no outbox, no EFT without an account, three unpaid orders each and twenty an hour per address, loopback only', () => {
    const settings = readSettings({});
    expect(settings).toMatchObject({
      host: '127.0.0.1',
      port: 4000,
      devOutbox: false,
      eft: null,
      unpaidOrderLimits: { perShopper: 3, placedPerAddress: { max: 20, windowSeconds: 3600 } },
      storefrontUrl: 'http://localhost:8080/',
      production: false,
    });
  });

  describe('DEV_OUTBOX', () => {
    it('switches the outbox on for a store on this machine', () => {
      expect(readSettings({ DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
      expect(readSettings({ DEV_OUTBOX: 'true', API_HOST: '::1', STOREFRONT_URL: 'http://127.0.0.1:18080' }).devOutbox).toBe(true);
    });

    it('refuses to run on a public address, for a public storefront, or in production', () => {
      expect(problemsOf({ DEV_OUTBOX: 'true', API_HOST: '0.0.0.0' })).toEqual([
        'DEV_OUTBOX=true needs the api on a loopback address (API_HOST=127.0.0.1), not "0.0.0.0"',
      ]);
      expect(problemsOf({ DEV_OUTBOX: 'true', STOREFRONT_URL: 'https://shop.example.co.za' })).toEqual([
        'DEV_OUTBOX=true needs a localhost STOREFRONT_URL (the store is public at https://shop.example.co.za/)',
      ]);
      expect(problemsOf({ DEV_OUTBOX: 'true', ...PRODUCTION })).toEqual([
        'DEV_OUTBOX=true is for development: it cannot be on with NODE_ENV=production',
      ]);
      expect(problemsOf({ DEV_OUTBOX: 'yes' })).toEqual(['DEV_OUTBOX must be true or false, got "yes"']);
    });
  });

  describe("the shop's bank account", () => {
    it('is read whole, account type optional', () => {
      expect(readSettings(BANK).eft).toEqual({
        bank: 'First National Bank',
        account_holder: 'Jacaranda Trading (Pty) Ltd',
        account_number: '6212 345 6789',
        account_type: null,
        branch_code: '250655',
      });
      expect(readSettings({ ...BANK, EFT_ACCOUNT_TYPE: 'Cheque' }).eft?.account_type).toBe('Cheque');
    });

    it('is refused in part or in a wrong shape', () => {
      expect(problemsOf({ EFT_BANK: 'FNB', EFT_BRANCH_CODE: '250655' })).toEqual([
        "the shop's bank account for EFT is given only in part: also set EFT_ACCOUNT_HOLDER, EFT_ACCOUNT_NUMBER",
      ]);
      expect(problemsOf({ ...BANK, EFT_ACCOUNT_NUMBER: '12AB', EFT_BRANCH_CODE: '2506' })).toEqual([
        'EFT_ACCOUNT_NUMBER must be 6 to 16 digits, got "12AB"',
        'EFT_BRANCH_CODE must be 6 digits, got "2506"',
      ]);
    });

    it('is required in production', () => {
      const problems = problemsOf({ NODE_ENV: 'production', ...SHOP });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^NODE_ENV=production needs the shop's bank account.*EFT_BANK, EFT_ACCOUNT_HOLDER, EFT_ACCOUNT_NUMBER, EFT_BRANCH_CODE/);
      expect(readSettings(PRODUCTION).production).toBe(true);
    });
  });

  describe("the shop's disclosures", () => {
    it('are made-up samples, marked as such, in development and tests', () => {
      const { shop } = readSettings({});
      expect(shop).toMatchObject({ legalName: expect.stringMatching(/sample/i), sample: true });
      expect(shop.policies).toEqual({ returns: null, deliveryTimes: null, privacy: null, paymentSecurity: null });
      // One real detail does not make the rest real.
      expect(readSettings({ SHOP_LEGAL_NAME: 'Jacaranda Trading (Pty) Ltd' }).shop).toMatchObject({ legalName: 'Jacaranda Trading (Pty) Ltd', vatNumber: null, sample: true });
    });

    it("are read from SHOP_*: the address's lines split at ; or line breaks, the policies' paragraphs at line breaks, the VAT number's spaces dropped", () => {
      const { shop } = readSettings({
        ...SHOP,
        SHOP_ADDRESS: 'Unit 4, Jacaranda Park\n12 Jacaranda Street;  Hatfield ; Pretoria;0083;',
        SHOP_VAT_NUMBER: '4123 456 789',
        SHOP_RETURNS_POLICY: 'Return anything within 30 days.\n\nWe pay the courier.',
        SHOP_DELIVERY_TIMES: 'We send orders within 2 working days.\\nThe courier takes 2 to 5 working days.',
      });
      expect(shop).toEqual({
        legalName: 'Jacaranda Trading (Pty) Ltd',
        registrationNumber: '2015/123456/07',
        vatNumber: '4123456789',
        address: ['Unit 4, Jacaranda Park', '12 Jacaranda Street', 'Hatfield', 'Pretoria', '0083'],
        email: 'hello@jacaranda.co.za',
        phone: '+27 12 345 6789',
        policies: {
          returns: ['Return anything within 30 days.', 'We pay the courier.'],
          deliveryTimes: ['We send orders within 2 working days.', 'The courier takes 2 to 5 working days.'],
          privacy: null,
          paymentSecurity: null,
        },
        sample: false,
      });
    });

    it('are required in production, each missing variable named', () => {
      expect(problemsOf({ NODE_ENV: 'production', ...BANK })).toEqual([
        expect.stringMatching(/^NODE_ENV=production needs SHOP_LEGAL_NAME: /),
        expect.stringMatching(/^NODE_ENV=production needs SHOP_REGISTRATION_NUMBER: /),
        expect.stringMatching(/^NODE_ENV=production needs SHOP_ADDRESS: /),
        expect.stringMatching(/^NODE_ENV=production needs SHOP_EMAIL: /),
        expect.stringMatching(/^NODE_ENV=production needs SHOP_PHONE: /),
      ]);
      const { SHOP_EMAIL: _email, SHOP_ADDRESS: _address, ...withoutTwo } = PRODUCTION;
      expect(problemsOf(withoutTwo)).toEqual([
        expect.stringMatching(/^NODE_ENV=production needs SHOP_ADDRESS: its physical address/),
        expect.stringMatching(/^NODE_ENV=production needs SHOP_EMAIL: /),
      ]);
      // Blank is unset.
      expect(problemsOf({ ...PRODUCTION, SHOP_PHONE: '  ' })).toEqual([expect.stringMatching(/^NODE_ENV=production needs SHOP_PHONE: /)]);
      expect(readSettings(PRODUCTION).shop).toMatchObject({ sample: false, vatNumber: null });
    });

    it('warn in production while the delivery times are the store\'s general words', () => {
      expect(readSettings(PRODUCTION).warnings).toEqual([expect.stringMatching(/^SHOP_DELIVERY_TIMES is not set: /)]);
      expect(readSettings({ ...PRODUCTION, SHOP_DELIVERY_TIMES: 'We send orders within 2 working days.' }).warnings).toEqual([]);
      expect(readSettings({}).warnings).toEqual([]);
    });

    it('refuse a bad value, naming its variable', () => {
      expect(problemsOf({ ...SHOP, SHOP_VAT_NUMBER: '123456789' })).toEqual([
        'SHOP_VAT_NUMBER must be a South African VAT number, 10 digits starting with 4 (leave it unset if the business is not registered for VAT), got "123456789"',
      ]);
      expect(problemsOf({ ...SHOP, SHOP_VAT_NUMBER: '5123456789' })).toEqual([expect.stringMatching(/^SHOP_VAT_NUMBER must be /)]);
      expect(problemsOf({ ...SHOP, SHOP_VAT_NUMBER: '41234567890' })).toEqual([expect.stringMatching(/^SHOP_VAT_NUMBER must be /)]);
      expect(problemsOf({ ...SHOP, SHOP_EMAIL: 'hello at jacaranda' })).toEqual(['SHOP_EMAIL must be one email address such as hello@shop.example.co.za, got "hello at jacaranda"']);
      expect(problemsOf({ ...SHOP, SHOP_EMAIL: 'Jacaranda <hello@jacaranda.co.za>' })).toEqual([expect.stringMatching(/^SHOP_EMAIL must be /)]);
      expect(problemsOf({ ...SHOP, SHOP_PHONE: 'call us' })).toEqual([expect.stringMatching(/^SHOP_PHONE must be a phone number/)]);
      expect(problemsOf({ ...SHOP, SHOP_REGISTRATION_NUMBER: '<b>2015</b>' })).toEqual([expect.stringMatching(/^SHOP_REGISTRATION_NUMBER must be /)]);
      expect(problemsOf({ ...SHOP, SHOP_ADDRESS: 'Pretoria' })).toEqual([expect.stringMatching(/^SHOP_ADDRESS must be a physical address of 2 to 8 lines/)]);
      expect(problemsOf({ ...SHOP, SHOP_LEGAL_NAME: 'x'.repeat(201) })).toEqual(['SHOP_LEGAL_NAME must be at most 200 characters']);
      expect(problemsOf({ ...SHOP, SHOP_LEGAL_NAME: 'Jacaranda\u0000 Trading' })).toEqual(['SHOP_LEGAL_NAME must not contain control characters']);
      expect(problemsOf({ ...SHOP, SHOP_LEGAL_NAME: 'Jacaranda \u202eTrading' })).toEqual(['SHOP_LEGAL_NAME must not contain characters that change the direction of text']);
      expect(problemsOf({ ...SHOP, SHOP_PRIVACY_POLICY: 'We keep\u0007 nothing.' })).toEqual([
        'SHOP_PRIVACY_POLICY must not contain control characters (line breaks separate lines)',
      ]);
      expect(problemsOf({ ...SHOP, SHOP_PAYMENT_SECURITY: 'x'.repeat(8_001) })).toEqual(['SHOP_PAYMENT_SECURITY must be at most 8000 characters']);
      expect(problemsOf({ ...SHOP, SHOP_RETURNS_POLICY: 'x'.repeat(2_001) })).toEqual(['SHOP_RETURNS_POLICY paragraphs must be at most 2000 characters each']);
    });
  });

  describe('mail', () => {
    it("sends no mail by default, from the shop's own address", () => {
      expect(readSettings({})).toMatchObject({ smtpUrl: null, mailFrom: { name: 'Jacaranda', address: 'hello@jacaranda.co.za' } });
    });

    it('reads the mail server and the sender', () => {
      const settings = readSettings({ SMTP_URL: 'smtps://shop:p%40ss@mail.example.co.za:465', MAIL_FROM: '"Jacaranda Orders" <orders@shop.example.co.za>' });
      expect(settings.smtpUrl).toBe('smtps://shop:p%40ss@mail.example.co.za:465');
      expect(settings.mailFrom).toEqual({ name: 'Jacaranda Orders', address: 'orders@shop.example.co.za' });
      expect(readSettings({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'orders@shop.example.co.za' })).toMatchObject({
        smtpUrl: 'smtp://127.0.0.1:2525',
        mailFrom: { name: '', address: 'orders@shop.example.co.za' },
      });
    });

    it('refuses another kind of URL, never repeating its password, and a sender that is not one address', () => {
      expect(problemsOf({ SMTP_URL: 'https://mailer:secret@mail.example.co.za', MAIL_FROM: 'Jacaranda <hello@jacaranda.co.za>, boss@example.com' })).toEqual([
        'SMTP_URL must be smtp://host or smtps://host (with user:password@ and :port if the server needs them), got "https://mailer:***@mail.example.co.za/"',
        'MAIL_FROM must be one address, such as "Jacaranda <hello@jacaranda.co.za>" or hello@jacaranda.co.za, got "Jacaranda <hello@jacaranda.co.za>, boss@example.com"',
      ]);
      expect(problemsOf({ SMTP_URL: 'mail.example.co.za:587' })).toHaveLength(1);
      expect(problemsOf({ SMTP_URL: 'not a url :secret@' }).join()).not.toContain('secret');
      expect(problemsOf({ MAIL_FROM: 'Jacaranda <hello@jacaranda.co.za>\r\nBcc: everyone@example.com' })).toHaveLength(1);
      expect(problemsOf({ MAIL_FROM: 'Jacaranda' })).toHaveLength(1);
    });

    it('tries a mail for two days and lets another sender take it after five minutes, unless told otherwise', () => {
      expect(readSettings({}).mailQueue).toEqual({ retryHours: 48, claimSeconds: 300 });
      expect(readSettings({ MAIL_RETRY_HOURS: '72', MAIL_CLAIM_SECONDS: '120' }).mailQueue).toEqual({ retryHours: 72, claimSeconds: 120 });
      // Less than a day would drop a mail over one night's outage.
      expect(() => readSettings({ MAIL_RETRY_HOURS: '12' })).toThrow('MAIL_RETRY_HOURS must be a whole number from 24 to 168, got "12"');
      expect(() => readSettings({ MAIL_CLAIM_SECONDS: '0' })).toThrow('MAIL_CLAIM_SECONDS must be a whole number from 1 to 3600, got "0"');
    });

    it('is not required in production: the shop opens, and its start-up warns that mail is not sent', () => {
      expect(readSettings(PRODUCTION).smtpUrl).toBeNull();
    });
  });

  it('reads the cap on unpaid orders per shopper, a whole number of at least one, and the rate per address, a count per duration', () => {
    expect(readSettings({ UNPAID_ORDERS_PER_SHOPPER: '5', UNPAID_ORDERS_PLACED_PER_ADDRESS: '50/2h' }).unpaidOrderLimits).toEqual({
      perShopper: 5,
      placedPerAddress: { max: 50, windowSeconds: 7200 },
    });
    expect(problemsOf({ UNPAID_ORDERS_PER_SHOPPER: '0', UNPAID_ORDERS_PLACED_PER_ADDRESS: '50' })).toEqual([
      'UNPAID_ORDERS_PER_SHOPPER must be a whole number from 1 to 1000, got "0"',
      'UNPAID_ORDERS_PLACED_PER_ADDRESS must be a count per duration such as 20/1h, 5/15m or 10/600s, got "50"',
    ]);
  });

  it('starts with a variable that is no longer read, and warns naming what took its place', () => {
    expect(readSettings({}).warnings).toEqual([]);
    const settings = readSettings({ UNPAID_ORDERS_PER_ADDRESS: '1000', LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS: '5/15m' });
    expect(settings.unpaidOrderLimits.placedPerAddress).toEqual({ max: 20, windowSeconds: 3600 });
    expect(settings.warnings).toEqual([
      'UNPAID_ORDERS_PER_ADDRESS is no longer read: one address is now limited in the unpaid orders it places in a window, UNPAID_ORDERS_PLACED_PER_ADDRESS (such as 20/1h)',
      'LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS is no longer read: an account with many failed sign-ins now asks for a code mailed to its owner, after LIMIT_LOGIN_PER_ACCOUNT failures (such as 5/15m)',
    ]);
  });

  it('reads limits as a count per duration, or a whole number for caps, and names a bad one', () => {
    expect(readSettings({}).limits).toEqual({});
    expect(
      readSettings({
        LIMIT_REGISTER: '50/1h',
        LIMIT_LOGIN_PER_ADDRESS: '300 / 15m',
        LIMIT_LOGIN_PER_ACCOUNT: '10/1h',
        LIMIT_SIGN_IN_CODE_MAILS: '3/1h',
        LIMIT_CONTACT: '5/600s',
        MAX_CART_LINES: '150',
        HASHING_MAX_WAITING: '0',
      }).limits,
    ).toEqual({
      register: { max: 50, windowSeconds: 3600 },
      login: { perAddress: { max: 300, windowSeconds: 900 }, perAccount: { max: 10, windowSeconds: 3600 }, codes: { mails: { max: 3, windowSeconds: 3600 } } },
      contact: { max: 5, windowSeconds: 600 },
      cartLines: 150,
      hashing: { maxWaiting: 0 },
    });
    expect(problemsOf({ LIMIT_REGISTER: '50', LIMIT_NEWSLETTER: '0/1h', MAX_ADDRESSES_PER_ACCOUNT: '-1', LIMIT_RESET_PASSWORD: '5/45d' })).toEqual([
      'LIMIT_REGISTER must be a count per duration such as 30/1h, 5/15m or 10/600s, got "50"',
      'LIMIT_RESET_PASSWORD must be a count per duration such as 30/1h, 5/15m or 10/600s, got "5/45d"',
      'LIMIT_NEWSLETTER must be a count per duration such as 30/1h, 5/15m or 10/600s, got "0/1h"',
      'MAX_ADDRESSES_PER_ACCOUNT must be a whole number from 1 to 1000, got "-1"',
    ]);
  });

  it('reads the database timeouts, /health and shutdown deadlines in milliseconds, with the defaults an operator relies on', () => {
    const defaults = readSettings({});
    expect(defaults.databaseTimeouts).toEqual({ connectMs: 5_000, statementMs: 10_000, keepAliveMs: 30_000 });
    expect(defaults.healthTimeoutMs).toBe(1_000);
    expect(defaults.shutdownTimeoutMs).toBeLessThan(15_000);
    expect(
      readSettings({ DATABASE_CONNECT_TIMEOUT_MS: '2000', DATABASE_STATEMENT_TIMEOUT_MS: '30000', DATABASE_KEEPALIVE_MS: '10000', HEALTH_TIMEOUT_MS: '500', SHUTDOWN_TIMEOUT_MS: '40000' }),
    ).toMatchObject({ databaseTimeouts: { connectMs: 2_000, statementMs: 30_000, keepAliveMs: 10_000 }, healthTimeoutMs: 500, shutdownTimeoutMs: 40_000 });
    expect(problemsOf({ DATABASE_STATEMENT_TIMEOUT_MS: '10s', DATABASE_CONNECT_TIMEOUT_MS: '0', SHUTDOWN_TIMEOUT_MS: '-5' })).toEqual([
      'DATABASE_CONNECT_TIMEOUT_MS must be a whole number from 100 to 600000, got "0"',
      'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 100 to 3600000, got "10s"',
      'SHUTDOWN_TIMEOUT_MS must be a whole number from 1000 to 600000, got "-5"',
    ]);
  });

  it('reports every problem at once', () => {
    expect(problemsOf({ API_PORT: '99999', LOG_LEVEL: 'loud', STOREFRONT_URL: 'ftp://x' })).toHaveLength(3);
  });
});

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', 'shop.localhost', '::ffff:127.0.0.1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '10.0.0.5', '196.25.1.9', 'shop.example.co.za', 'localhost.example.com', '128.0.0.1'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
