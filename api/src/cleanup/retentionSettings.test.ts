import { DEFAULT_LIMITS, resolveLimits } from '../limits';
import { readSettings } from '../settings';
import { problemsOf } from '../testing/settingsProblems';

describe('retention settings', () => {
  it('keeps anonymous shoppers 30 days, Idempotency-Keys 24 hours, sent mail a week, failed mail and telemetry 30 days unless told otherwise', () => {
    const defaults = { anonymousShopperDays: 30, idempotencyKeyHours: 24, sentMailDays: 7, failedMailDays: 30, telemetryDays: 30 };
    expect(DEFAULT_LIMITS.retention).toEqual(defaults);
    expect(resolveLimits(readSettings({}).limits).retention).toEqual(defaults);
    expect(resolveLimits(readSettings({ RETAIN_SENT_MAIL_DAYS: '2', RETAIN_FAILED_MAIL_DAYS: '90' }).limits).retention).toEqual({
      ...defaults,
      sentMailDays: 2,
      failedMailDays: 90,
    });
  });

  it('reads RETAIN_TELEMETRY_DAYS, and refuses one out of range', () => {
    expect(resolveLimits(readSettings({ RETAIN_TELEMETRY_DAYS: '90' }).limits).retention.telemetryDays).toBe(90);
    expect(problemsOf({ RETAIN_TELEMETRY_DAYS: '0' })).toEqual(['RETAIN_TELEMETRY_DAYS must be a whole number from 1 to 3650, got "0"']);
  });

  it('reads RETAIN_ANONYMOUS_SHOPPERS_DAYS and RETAIN_IDEMPOTENCY_KEYS_HOURS', () => {
    const settings = readSettings({ RETAIN_ANONYMOUS_SHOPPERS_DAYS: '90', RETAIN_IDEMPOTENCY_KEYS_HOURS: '48' });
    expect(settings.limits).toEqual({ retention: { anonymousShopperDays: 90, idempotencyKeyHours: 48 } });
    expect(resolveLimits(settings.limits).retention).toMatchObject({ anonymousShopperDays: 90, idempotencyKeyHours: 48 });
    // One alone leaves the other at its default.
    expect(resolveLimits(readSettings({ RETAIN_IDEMPOTENCY_KEYS_HOURS: '72' }).limits).retention).toMatchObject({
      anonymousShopperDays: 30,
      idempotencyKeyHours: 72,
    });
  });

  it('refuses a value that is not a whole number in range, naming the variable', () => {
    expect(problemsOf({ RETAIN_ANONYMOUS_SHOPPERS_DAYS: '0', RETAIN_IDEMPOTENCY_KEYS_HOURS: '1.5' })).toEqual([
      'RETAIN_ANONYMOUS_SHOPPERS_DAYS must be a whole number from 1 to 3650, got "0"',
      'RETAIN_IDEMPOTENCY_KEYS_HOURS must be a whole number from 1 to 8760, got "1.5"',
    ]);
    expect(problemsOf({ RETAIN_ANONYMOUS_SHOPPERS_DAYS: '30d' })).toEqual([
      'RETAIN_ANONYMOUS_SHOPPERS_DAYS must be a whole number from 1 to 3650, got "30d"',
    ]);
    expect(problemsOf({ RETAIN_IDEMPOTENCY_KEYS_HOURS: '100000' })).toEqual([
      'RETAIN_IDEMPOTENCY_KEYS_HOURS must be a whole number from 1 to 8760, got "100000"',
    ]);
  });
});
