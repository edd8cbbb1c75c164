import path from 'node:path';
import { readSettings } from '../../settings';
import { problemsOf } from '../../testing/settingsProblems';
import { DEFAULT_COMPOSITION_FILE } from '../../options';

const SECRET = 'a-telemetry-secret-of-32-characters!';
const PRODUCTION = {
  NODE_ENV: 'production',
  EFT_BANK: 'Bank',
  EFT_ACCOUNT_HOLDER: 'Holder',
  EFT_ACCOUNT_NUMBER: '1234567890',
  EFT_BRANCH_CODE: '123456',
  SHOP_LEGAL_NAME: 'Jacaranda (Pty) Ltd',
  SHOP_REGISTRATION_NUMBER: '2020/123456/07',
  SHOP_ADDRESS: '1 Main Road; Gardens; Cape Town; 8001',
  SHOP_EMAIL: 'hello@jacaranda.co.za',
  SHOP_PHONE: '+27 21 123 4567',
};

describe('telemetry settings', () => {
  it('are off by default, with the compose command’s composition file and the canary’s default thresholds', () => {
    expect(readSettings({}).telemetry).toEqual({
      secret: null,
      compositionFile: DEFAULT_COMPOSITION_FILE,
      thresholds: { errorMargin: 0.02, alpha: 0.05, inpMarginMs: 100, inpMinSamples: 200 },
      checkMs: 5000,
    });
    expect(DEFAULT_COMPOSITION_FILE).toBe(path.resolve(__dirname, '../../../../composition/composition.json'));
  });

  it('reads the secret, the composition file and each threshold', () => {
    const telemetry = readSettings({
      TELEMETRY_SECRET: SECRET,
      COMPOSITION_FILE: 'some/where/composition.json',
      CANARY_ERROR_MARGIN: '0.05',
      CANARY_ALPHA: '0.01',
      CANARY_INP_MARGIN_MS: '150',
      CANARY_INP_MIN_SAMPLES: '500',
      CANARY_CHECK_MS: '200',
    }).telemetry;
    expect(telemetry).toEqual({
      secret: SECRET,
      compositionFile: path.resolve('some/where/composition.json'),
      thresholds: { errorMargin: 0.05, alpha: 0.01, inpMarginMs: 150, inpMinSamples: 500 },
      checkMs: 200,
    });
  });

  it("reads the environment it judges and keeps compositions in the store's PostgreSQL server when there is one", () => {
    expect(readSettings({ COMPOSITION_ENV: 'staging', DATABASE_URL: 'postgres://shop@db:5432/shop' }).telemetry).toMatchObject({
      compositionEnvironment: 'staging',
      compositionDatabaseUrl: 'postgres://shop@db:5432/shop',
    });
    expect(problemsOf({ COMPOSITION_ENV: '../production' })).toEqual([expect.stringContaining('COMPOSITION_ENV must name an environment')]);
  });

  it('is optional in production', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
    expect(readSettings(PRODUCTION).telemetry.secret).toBeNull();
  });

  it('refuses a short secret without repeating it, and thresholds out of range, naming each variable', () => {
    expect(
      problemsOf({
        TELEMETRY_SECRET: 'too-short-a-secret',
        CANARY_ERROR_MARGIN: '2%',
        CANARY_ALPHA: '0.9',
        CANARY_INP_MARGIN_MS: '0',
        CANARY_INP_MIN_SAMPLES: '1.5',
        CANARY_CHECK_MS: '10',
      }),
    ).toEqual([
      "TELEMETRY_SECRET must be at least 32 characters (the same as the edge's), got 18",
      'CANARY_ERROR_MARGIN must be a number from 0.001 to 0.5, got "2%"',
      'CANARY_ALPHA must be a number from 0.0001 to 0.5, got "0.9"',
      'CANARY_INP_MARGIN_MS must be a whole number from 1 to 60000, got "0"',
      'CANARY_INP_MIN_SAMPLES must be a whole number from 1 to 1000000, got "1.5"',
      'CANARY_CHECK_MS must be a whole number from 50 to 3600000, got "10"',
    ]);
  });
});
