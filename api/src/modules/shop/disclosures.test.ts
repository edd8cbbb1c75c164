/**
 * GET /shop/disclosures: who the shop is and on what terms it sells, in the shape the pages are
 * built against; made-up samples (and saying so) until the shop gives its own details.
 */
import { DELIVERY_FEE, formatRand, toCents } from '@storefront/shared/domain';
import type { ShopDisclosures } from '@storefront/shared/types';
import { readSettings } from '../../settings';
import { shopDisclosures, type ShopTerms } from './disclosures';
import { SAMPLE_SHOP } from '../../shop/shopDetails';
import { DATABASE_TIMEOUT_MS, startTestApp, TEST_EFT_ACCOUNT, testDatabases, type TestApp } from '../../testing/testDatabases';

const REAL_SHOP = readSettings({
  SHOP_LEGAL_NAME: 'Jacaranda Trading (Pty) Ltd',
  SHOP_REGISTRATION_NUMBER: '2015/123456/07',
  SHOP_ADDRESS: '12 Jacaranda Street; Hatfield; Pretoria; 0083',
  SHOP_EMAIL: 'orders@jacaranda.co.za',
  SHOP_PHONE: '012 345 6789',
  SHOP_DELIVERY_TIMES: 'We send orders within 2 working days.\nThe courier delivers in 2 to 5 working days.',
  SHOP_PRIVACY_POLICY: 'We keep your details to run your orders.',
}).shop;

const paragraphs = expect.arrayContaining([expect.any(String)]);

describe.each(testDatabases())('the shop disclosures ($name)', (target) => {
  let sampleShop: TestApp;
  let realShop: TestApp;

  beforeAll(async () => {
    sampleShop = await startTestApp(target);
    realShop = await startTestApp(target, { shop: REAL_SHOP, eft: null, storefrontUrl: 'https://shop.example.co.za' });
  }, DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await sampleShop?.close();
    await realShop?.close();
  }, DATABASE_TIMEOUT_MS);

  test('are public, the same for everyone, kept for a minute, and set no cookie', async () => {
    const response = await sampleShop.app.inject({ url: '/shop/disclosures' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect((await sampleShop.app.inject({ url: '/shop/disclosures?email=x' })).statusCode).toBe(400);
  });

  test('are made-up samples in a test shop, and say so', async () => {
    const answer = (await sampleShop.app.inject({ url: '/shop/disclosures' })).json<ShopDisclosures>();
    expect(Object.keys(answer).sort()).toEqual(
      ['legalName', 'registrationNumber', 'vatNumber', 'address', 'email', 'phone', 'returnsPolicy', 'deliveryPolicy', 'privacyPolicy', 'paymentSecurity', 'deliveryFee', 'sample'].sort(),
    );
    expect(answer).toEqual({
      legalName: SAMPLE_SHOP.legalName,
      registrationNumber: SAMPLE_SHOP.registrationNumber,
      vatNumber: SAMPLE_SHOP.vatNumber,
      address: SAMPLE_SHOP.address,
      email: SAMPLE_SHOP.email,
      phone: SAMPLE_SHOP.phone,
      returnsPolicy: paragraphs,
      deliveryPolicy: paragraphs,
      privacyPolicy: paragraphs,
      paymentSecurity: paragraphs,
      deliveryFee: toCents(DELIVERY_FEE),
      sample: true,
    });
    // The test shop takes EFT: how to pay it safely is part of the default.
    expect(answer.paymentSecurity.join(' ')).toContain(TEST_EFT_ACCOUNT.bank);
  });

  test("give the shop's own details and words, with the store's rules where it has none, and never its own delivery costs", async () => {
    const answer = (await realShop.app.inject({ url: '/shop/disclosures' })).json<ShopDisclosures>();
    expect(answer).toMatchObject({
      legalName: 'Jacaranda Trading (Pty) Ltd',
      registrationNumber: '2015/123456/07',
      vatNumber: null,
      address: ['12 Jacaranda Street', 'Hatfield', 'Pretoria', '0083'],
      email: 'orders@jacaranda.co.za',
      phone: '012 345 6789',
      privacyPolicy: ['We keep your details to run your orders.'],
      deliveryFee: toCents(DELIVERY_FEE),
      sample: false,
    });
    // The shop's delivery times, then the costs the checkout charges.
    expect(answer.deliveryPolicy.slice(0, 2)).toEqual(['We send orders within 2 working days.', 'The courier delivers in 2 to 5 working days.']);
    expect(answer.deliveryPolicy[2]).toContain(`costs ${formatRand(DELIVERY_FEE)} per order`);
    expect(answer.deliveryPolicy[2]).toContain('12 Jacaranda Street, Hatfield, Pretoria, 0083 is free');
    // The law's cooling-off period and the shop's own contact details in the default returns policy.
    expect(answer.returnsPolicy.join(' ')).toMatch(/within 7 days after you receive the goods/);
    expect(answer.returnsPolicy.join(' ')).toContain('orders@jacaranda.co.za or on 012 345 6789');
    // No bank account: no EFT in what it says about paying; an https store says it is encrypted.
    const payment = answer.paymentSecurity.join(' ');
    expect(payment).not.toMatch(/EFT/);
    expect(payment).toMatch(/Paying cash/);
    expect(payment).toMatch(/https/);
  });
});

describe('the default policies', () => {
  const terms: ShopTerms = { eft: TEST_EFT_ACCOUNT, paymentWindowHours: 72, anonymousShopperDays: 30, storefrontUrl: 'http://localhost:8080' };

  test('follow the settings the api runs with: the payment window, how long idle carts are kept, the bank account', () => {
    const answer = shopDisclosures(SAMPLE_SHOP, terms);
    expect(answer.deliveryPolicy.join(' ')).toContain('We hold an EFT order for 72 hours (3 days)');
    expect(shopDisclosures(SAMPLE_SHOP, { ...terms, paymentWindowHours: 36 }).deliveryPolicy.join(' ')).toContain('for 36 hours while');
    expect(shopDisclosures(SAMPLE_SHOP, { ...terms, eft: null }).deliveryPolicy.join(' ')).not.toMatch(/EFT/);
    expect(answer.privacyPolicy.join(' ')).toContain('deleted after 30 days without a change');
    expect(answer.paymentSecurity.join(' ')).toContain(`account at ${TEST_EFT_ACCOUNT.bank} (account holder ${TEST_EFT_ACCOUNT.account_holder})`);
    expect(answer.paymentSecurity.join(' ')).not.toMatch(/https/);
  });
});
