import { federationName, parseComposition, versionFromManifestUrl } from './composition';

describe('parseComposition', () => {
  it('reads remotes given as { version, manifest, entry }, and the config', () => {
    const cart = { version: '2.0.1', manifest: 'https://cdn.example.co.za/mfe-cart/2.0.1/mf-manifest.json', entry: 'https://cdn.example.co.za/mfe-cart/2.0.1/js/entry.js' };
    const { composition, problems } = parseComposition({
      remotes: { 'mfe-cart': cart },
      config: { apiBase: '/api', assetHost: 'https://img.example.co.za/' },
    });
    expect(problems).toEqual([]);
    expect(composition).toEqual({
      remotes: { 'mfe-cart': cart },
      lastKnownGood: {},
      preview: [],
      previewRefused: [],
      config: { apiBase: '/api', assetHost: 'https://img.example.co.za/' },
    });
  });

  it('reads a remote given as a bare manifest URL, taking the version from its folder', () => {
    const { composition } = parseComposition({ remotes: { 'mfe-catalog': 'http://localhost:8081/1.4.0/mf-manifest.json' } });
    expect(composition.remotes['mfe-catalog']).toEqual({
      version: '1.4.0',
      manifest: 'http://localhost:8081/1.4.0/mf-manifest.json',
      // No entry said: remoteEntry.js beside the manifest.
      entry: 'http://localhost:8081/1.4.0/remoteEntry.js',
    });
  });

  it('reads the last versions known good and a preview', () => {
    const { composition } = parseComposition({
      remotes: {},
      lastKnownGood: { 'mfe-catalog': { version: '1.3.0', manifest: 'http://x/1.3.0/mf-manifest.json' } },
      preview: [{ remote: 'mfe-catalog', version: '1.5.0-rc.1' }, { remote: 'mfe-nope', version: '1' }],
    });
    expect(composition.lastKnownGood['mfe-catalog']?.version).toBe('1.3.0');
    expect(composition.lastKnownGood['mfe-catalog']?.entry).toBe('http://x/1.3.0/remoteEntry.js');
    expect(composition.preview).toEqual([{ remote: 'mfe-catalog', version: '1.5.0-rc.1' }]);
  });

  it('reads the previews refused, with why, and drops what is not shaped as one', () => {
    const refused = { remote: 'mfe-cart', version: '1.0.2', reason: '@storefront/shared: the shell has 2.2.0, mfe-cart needs major 3' };
    const { composition } = parseComposition({
      remotes: {},
      preview: [],
      previewRefused: [refused, { remote: 'mfe-cart', version: '1.0.3' }, { remote: 'mfe-nope', version: '1', reason: 'x' }, 'mfe-cart@1.0.4'],
    });
    expect(composition.previewRefused).toEqual([refused]);
    expect(parseComposition({ remotes: {} }).composition.previewRefused).toEqual([]);
  });

  it('drops unknown remotes and entries that are not manifest URLs, and says so', () => {
    const { composition, problems } = parseComposition({
      remotes: { 'mfe-payments': 'http://x/mf-manifest.json', 'mfe-cart': 42 },
    });
    expect(composition.remotes).toEqual({});
    expect(problems).toEqual(['unknown remote "mfe-payments"', 'remote "mfe-cart" needs a manifest URL']);
  });

  it('reads the page view’s token for its health report, and leaves it out when there is none', () => {
    expect(parseComposition({ remotes: {}, pageView: 'v1.eyJwIjoiMSJ9.c2ln' }).composition.pageView).toBe('v1.eyJwIjoiMSJ9.c2ln');
    for (const pageView of [undefined, '', 42, { token: 'x' }]) expect(parseComposition({ remotes: {}, pageView }).composition).not.toHaveProperty('pageView');
  });

  it('survives a document that is not a composition', () => {
    expect(parseComposition(null).composition.remotes).toEqual({});
    expect(parseComposition([]).problems).toContain('composition is not a JSON object');
  });
});

describe('names and versions', () => {
  it('turns a package name into a federation identifier', () => {
    expect(federationName('mfe-catalog')).toBe('mfe_catalog');
  });

  it('reads the version folder of a manifest URL', () => {
    expect(versionFromManifestUrl('http://localhost:8081/releases/1.5.0-rc.1/mf-manifest.json')).toBe('1.5.0-rc.1');
    expect(versionFromManifestUrl('http://localhost:8081/mf-manifest.json')).toBeUndefined();
  });
});
