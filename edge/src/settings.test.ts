import { DEFAULT_GUEST_PAGE_TTL_MS } from './guestPages';
import { DEFAULT_SHOPPER_LISTS_MS } from './shopperLists';
import { DEFAULT_API_TIMEOUT_MS, DEFAULT_KNOWN_GOOD_AFTER_MS, DEFAULT_RENDER_THREADS, DEFAULT_RENDER_TIMEOUT_MS, readEdgeSettings } from './settings';

describe('the edge’s settings', () => {
  it('trusts no proxy and waits 15 s for the api by default', () => {
    expect(readEdgeSettings({})).toEqual({ trustProxy: undefined, apiTimeoutMs: DEFAULT_API_TIMEOUT_MS, apiProcesses: 1, guestPageTtlMs: DEFAULT_GUEST_PAGE_TTL_MS, shopperListsMs: DEFAULT_SHOPPER_LISTS_MS, renderThreads: DEFAULT_RENDER_THREADS, renderTimeoutMs: DEFAULT_RENDER_TIMEOUT_MS, knownGoodAfterMs: DEFAULT_KNOWN_GOOD_AFTER_MS, compositionEnvironment: 'production', compositionReaderUrl: undefined });
    expect(readEdgeSettings({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
  });

  it('takes the proxies in front of it as addresses and ranges, and a timeout in milliseconds', () => {
    expect(readEdgeSettings({ TRUST_PROXY: '10.0.0.0/8, loopback', API_TIMEOUT_MS: '5000' })).toEqual({ trustProxy: '10.0.0.0/8, loopback', apiTimeoutMs: 5000, apiProcesses: 1, guestPageTtlMs: DEFAULT_GUEST_PAGE_TTL_MS, shopperListsMs: DEFAULT_SHOPPER_LISTS_MS, renderThreads: DEFAULT_RENDER_THREADS, renderTimeoutMs: DEFAULT_RENDER_TIMEOUT_MS, knownGoodAfterMs: DEFAULT_KNOWN_GOOD_AFTER_MS, compositionEnvironment: 'production', compositionReaderUrl: undefined });
  });

  it('refuses to start on a setting it cannot honour, naming each at once', () => {
    expect(() => readEdgeSettings({ TRUST_PROXY: 'true', API_TIMEOUT_MS: '2s' })).toThrow(/TRUST_PROXY=true would believe any client's X-Forwarded-For[\s\S]*API_TIMEOUT_MS must be a whole number of milliseconds from 100 to 300000, got "2s"/);
    expect(() => readEdgeSettings({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY must list addresses or ranges/);
    expect(() => readEdgeSettings({ API_TIMEOUT_MS: '0' })).toThrow(/API_TIMEOUT_MS/);
  });

  it('serves the environment COMPOSITION_ENV names, read through COMPOSITION_READER_URL when it is a PostgreSQL connection', () => {
    expect(readEdgeSettings({ COMPOSITION_ENV: 'staging' }).compositionEnvironment).toBe('staging');
    expect(() => readEdgeSettings({ COMPOSITION_ENV: 'Staging' })).toThrow('COMPOSITION_ENV must name an environment');
    const reader = 'postgres://shop_edge@db:5432/shop';
    expect(readEdgeSettings({ COMPOSITION_READER_URL: reader, DATABASE_URL: 'postgres://shop@db:5432/shop' }).compositionReaderUrl).toBe(reader);
    expect(() => readEdgeSettings({ COMPOSITION_READER_URL: 'http://db', DATABASE_URL: 'postgres://db/shop' })).toThrow('COMPOSITION_READER_URL must be a postgres:// connection string');
  });

  it('runs several api processes only on a PostgreSQL server', () => {
    expect(readEdgeSettings({ API_PROCESSES: '3', DATABASE_URL: 'postgres://shop@db:5432/shop' }).apiProcesses).toBe(3);
    expect(() => readEdgeSettings({ API_PROCESSES: '2' })).toThrow('API_PROCESSES=2 needs a PostgreSQL server (DATABASE_URL): the embedded database serves one api process');
    expect(() => readEdgeSettings({ API_PROCESSES: '0', DATABASE_URL: 'postgres://db/shop' })).toThrow('API_PROCESSES must be a whole number from 1 to 32, got "0"');
    expect(() => readEdgeSettings({ API_PROCESSES: 'two', DATABASE_URL: 'postgres://db/shop' })).toThrow(/API_PROCESSES must be a whole number/);
  });

  it('keeps a guest’s page for GUEST_PAGE_TTL_MS, or never at 0, and refuses what is not a time', () => {
    expect(readEdgeSettings({ GUEST_PAGE_TTL_MS: '0' }).guestPageTtlMs).toBe(0);
    expect(readEdgeSettings({ GUEST_PAGE_TTL_MS: '2000' }).guestPageTtlMs).toBe(2000);
    expect(() => readEdgeSettings({ GUEST_PAGE_TTL_MS: '5s' })).toThrow('GUEST_PAGE_TTL_MS must be a whole number of milliseconds from 0 (never kept) to 60000, got "5s"');
    expect(() => readEdgeSettings({ GUEST_PAGE_TTL_MS: '600000' })).toThrow(/GUEST_PAGE_TTL_MS/);
  });

  it('uses what the api said of a shopper’s lists for SHOPPER_LISTS_MS, 30 s unless said, or asks every time at 0', () => {
    expect(readEdgeSettings({}).shopperListsMs).toBe(30_000);
    expect(readEdgeSettings({ SHOPPER_LISTS_MS: '0' }).shopperListsMs).toBe(0);
    expect(readEdgeSettings({ SHOPPER_LISTS_MS: '5000' }).shopperListsMs).toBe(5000);
    expect(() => readEdgeSettings({ SHOPPER_LISTS_MS: '30s' })).toThrow('SHOPPER_LISTS_MS must be a whole number of milliseconds from 0 (the api is asked every time) to 300000, got "30s"');
    expect(() => readEdgeSettings({ SHOPPER_LISTS_MS: '300001' })).toThrow(/SHOPPER_LISTS_MS/);
  });

  it('draws pages in RENDER_THREADS threads, or in its own at 0, and refuses what is not a count', () => {
    expect(readEdgeSettings({}).renderThreads).toBe(1);
    expect(readEdgeSettings({ RENDER_THREADS: '0' }).renderThreads).toBe(0);
    expect(readEdgeSettings({ RENDER_THREADS: '3' }).renderThreads).toBe(3);
    expect(() => readEdgeSettings({ RENDER_THREADS: 'many' })).toThrow('RENDER_THREADS must be a whole number from 0 (the edge\'s own thread) to 16, got "many"');
    expect(() => readEdgeSettings({ RENDER_THREADS: '17' })).toThrow(/RENDER_THREADS/);
  });

  it('waits RENDER_TIMEOUT_MS for a page to be drawn, 300 ms unless said, and refuses what is not a time it can keep', () => {
    expect(readEdgeSettings({}).renderTimeoutMs).toBe(300);
    expect(readEdgeSettings({ RENDER_TIMEOUT_MS: '1500' }).renderTimeoutMs).toBe(1500);
    expect(() => readEdgeSettings({ RENDER_TIMEOUT_MS: '0.5s' })).toThrow('RENDER_TIMEOUT_MS must be a whole number of milliseconds from 50 to 10000, got "0.5s"');
    expect(() => readEdgeSettings({ RENDER_TIMEOUT_MS: '10' })).toThrow(/RENDER_TIMEOUT_MS/);
    expect(() => readEdgeSettings({ RENDER_TIMEOUT_MS: '60000' })).toThrow(/RENDER_TIMEOUT_MS/);
  });

  it('reads KNOWN_GOOD_AFTER as a duration, 30 minutes unless said, and names it when it is not one', () => {
    expect(readEdgeSettings({}).knownGoodAfterMs).toBe(30 * 60_000);
    expect(readEdgeSettings({ KNOWN_GOOD_AFTER: '90s' }).knownGoodAfterMs).toBe(90_000);
    expect(readEdgeSettings({ KNOWN_GOOD_AFTER: '2h' }).knownGoodAfterMs).toBe(2 * 60 * 60_000);
    expect(readEdgeSettings({ KNOWN_GOOD_AFTER: '45' }).knownGoodAfterMs).toBe(45 * 60_000);
    expect(readEdgeSettings({ KNOWN_GOOD_AFTER: '0s' }).knownGoodAfterMs).toBe(0);
    expect(() => readEdgeSettings({ KNOWN_GOOD_AFTER: 'half an hour' })).toThrow('KNOWN_GOOD_AFTER must be a duration');
    expect(() => readEdgeSettings({ KNOWN_GOOD_AFTER: '9000h' })).toThrow('KNOWN_GOOD_AFTER must be a duration');
  });
});
