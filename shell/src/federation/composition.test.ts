import { federationName, parseComposition } from './composition';

describe('parseComposition', () => {
  it('keeps the remotes and config it understands', () => {
    const { composition, problems } = parseComposition({
      remotes: { 'mfe-cart': 'http://localhost:8083/1.0.0/mf-manifest.json' },
      config: { apiBase: '/api', assetHost: 'https://img.example.co.za/' },
    });
    expect(problems).toEqual([]);
    expect(composition).toEqual({
      remotes: { 'mfe-cart': 'http://localhost:8083/1.0.0/mf-manifest.json' },
      config: { apiBase: '/api', assetHost: 'https://img.example.co.za/' },
    });
  });

  it('drops unknown remotes and entries that are not manifest URLs, and says so', () => {
    const { composition, problems } = parseComposition({
      remotes: { 'mfe-payments': 'http://x/mf-manifest.json', 'mfe-cart': 42 },
    });
    expect(composition.remotes).toEqual({});
    expect(problems).toEqual(['unknown remote "mfe-payments"', 'remote "mfe-cart" needs a manifest URL']);
  });

  it('survives a document that is not a composition', () => {
    expect(parseComposition(null).composition).toEqual({ remotes: {} });
    expect(parseComposition([]).problems).toContain('composition has no "remotes" object');
  });
});

describe('federationName', () => {
  it('turns a package name into an identifier', () => {
    expect(federationName('mfe-catalog')).toBe('mfe_catalog');
  });
});
