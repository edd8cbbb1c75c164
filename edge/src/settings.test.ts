import { DEFAULT_API_TIMEOUT_MS, readEdgeSettings } from './settings';

describe('the edge’s settings', () => {
  it('trusts no proxy and waits 15 s for the api by default', () => {
    expect(readEdgeSettings({})).toEqual({ trustProxy: undefined, apiTimeoutMs: DEFAULT_API_TIMEOUT_MS });
    expect(readEdgeSettings({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
  });

  it('takes the proxies in front of it as addresses and ranges, and a timeout in milliseconds', () => {
    expect(readEdgeSettings({ TRUST_PROXY: '10.0.0.0/8, loopback', API_TIMEOUT_MS: '5000' })).toEqual({ trustProxy: '10.0.0.0/8, loopback', apiTimeoutMs: 5000 });
  });

  it('refuses to start on a setting it cannot honour, naming each at once', () => {
    expect(() => readEdgeSettings({ TRUST_PROXY: 'true', API_TIMEOUT_MS: '2s' })).toThrow(/TRUST_PROXY=true would believe any client's X-Forwarded-For[\s\S]*API_TIMEOUT_MS must be a whole number of milliseconds from 100 to 300000, got "2s"/);
    expect(() => readEdgeSettings({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY must list addresses or ranges/);
    expect(() => readEdgeSettings({ API_TIMEOUT_MS: '0' })).toThrow(/API_TIMEOUT_MS/);
  });
});
