import { checkComposition, type Contract, type Manifest, type RemoteCandidate, type ShellFacts } from './compositionRules';

const shell: ShellFacts = {
  shared: {
    react: '19.3.1',
    'react/jsx-runtime': '19.3.1',
    'react-dom': '19.3.1',
    'react-router-dom': '7.18.5',
    '@storefront/shared': '1.2.0',
  },
  requiredModules: { 'mfe-catalog': ['HomePage', 'ShopPage'], 'mfe-cart': ['CartPage'] },
  federationRuntime: '2.9.2',
};

function manifest(name: string, version: string, overrides: Partial<{ exposes: string[]; shared: Manifest['shared'] }> = {}): Manifest {
  return {
    metaData: {
      name: name.replace('-', '_'),
      buildInfo: { buildVersion: version, buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      publicPath: 'auto',
      pluginVersion: '2.9.2',
    },
    exposes: (overrides.exposes ?? []).map((expose) => ({ name: expose, path: `./${expose}` })),
    shared: overrides.shared ?? [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.2.0', singleton: true },
      { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.2.0', singleton: true },
      { name: 'react-router-dom', version: '7.18.5', requiredVersion: '^7.9.0', singleton: true },
      { name: '@storefront/shared', version: '1.0.0', requiredVersion: '^1.0.0', singleton: true },
    ],
  };
}

function contract(name: string, version: string, endpoints: string[] = [], slices: string[] = []): Contract {
  return { name, version, exposes: [], slices, endpoints, shared: {} };
}

function candidate(remote: string, version: string, overrides: Partial<RemoteCandidate> = {}): RemoteCandidate {
  const exposes = shell.requiredModules[remote] ?? [];
  return {
    remote,
    version,
    manifestUrl: `http://cdn.test/${remote}/${version}/mf-manifest.json`,
    manifestStatus: 200,
    manifest: manifest(remote, version, { exposes: [...exposes] }),
    remoteEntryUrl: `http://cdn.test/${remote}/${version}/remoteEntry.js`,
    remoteEntryStatus: 200,
    contract: contract(remote, version),
    ...overrides,
  };
}

const healthy = () => [candidate('mfe-catalog', '1.4.0'), candidate('mfe-cart', '2.0.1')];

describe('checkComposition', () => {
  it('passes a composition where every rule holds', () => {
    expect(checkComposition(healthy(), shell)).toEqual([]);
  });

  it('reports a manifest that does not answer, with how to fix it', () => {
    const [catalog, cart] = healthy();
    const problems = checkComposition([{ ...catalog!, manifestStatus: 404, manifest: null, contract: null }, cart!], shell);
    expect(problems).toEqual([
      expect.objectContaining({ remote: 'mfe-catalog', rule: 'manifest-answers', message: expect.stringContaining('answered 404'), fix: expect.stringContaining('npm run release -w mfe-catalog') }),
    ]);
  });

  it('serves a release built once from anywhere, and one built for a place (before releases were built once) only from there', () => {
    const pinned = (manifestUrl: string) => {
      const built = candidate('mfe-catalog', '1.4.0', { manifestUrl });
      const own = built.manifest as Manifest;
      return { ...built, manifest: { ...own, metaData: { ...own.metaData, publicPath: 'http://localhost:9081/releases/1.4.0/' } } };
    };
    expect(checkComposition([candidate('mfe-catalog', '1.4.0', { manifestUrl: 'https://cdn.example.co.za/mfe-catalog/1.4.0/mf-manifest.json' }), candidate('mfe-cart', '2.0.1')], shell)).toEqual([]);
    expect(checkComposition([pinned('http://localhost:9081/releases/1.4.0/mf-manifest.json'), candidate('mfe-cart', '2.0.1')], shell)).toEqual([]);
    expect(checkComposition([pinned('https://cdn.example.co.za/mfe-catalog/1.4.0/mf-manifest.json'), candidate('mfe-cart', '2.0.1')], shell)).toEqual([
      expect.objectContaining({
        remote: 'mfe-catalog',
        rule: 'served-where-built',
        message: 'mfe-catalog@1.4.0 was built to load its files from http://localhost:9081/releases/1.4.0/ (a release made before releases were built once), and this composition serves it from https://cdn.example.co.za/mfe-catalog/1.4.0/',
      }),
    ]);
  });

  it('reports a remote entry that does not answer', () => {
    const problems = checkComposition([candidate('mfe-catalog', '1.4.0', { remoteEntryStatus: 500 }), candidate('mfe-cart', '2.0.1')], shell);
    expect(problems.map((problem) => problem.rule)).toEqual(['remote-entry-answers']);
  });

  it('reports a manifest built as another version than the one chosen', () => {
    const wrong = candidate('mfe-catalog', '1.4.0', { manifest: manifest('mfe-catalog', '1.3.9', { exposes: ['HomePage', 'ShopPage'] }) });
    const problems = checkComposition([wrong, candidate('mfe-cart', '2.0.1')], shell);
    expect(problems).toEqual([expect.objectContaining({ remote: 'mfe-catalog', rule: 'build-version', message: expect.stringContaining('1.3.9') })]);
  });

  it('reports a module the shell needs that the remote does not expose', () => {
    const missing = candidate('mfe-catalog', '1.4.0', { manifest: manifest('mfe-catalog', '1.4.0', { exposes: ['HomePage'] }) });
    const problems = checkComposition([missing, candidate('mfe-cart', '2.0.1')], shell);
    expect(problems).toEqual([expect.objectContaining({ rule: 'exposes', message: expect.stringContaining('ShopPage') })]);
  });

  it('reports a remote built with React 18 (React must be exactly the shell’s)', () => {
    const old = candidate('mfe-cart', '2.0.1', {
      manifest: manifest('mfe-cart', '2.0.1', {
        exposes: ['CartPage'],
        shared: [
          { name: 'react', version: '18.3.1', requiredVersion: '^18.2.0', singleton: true },
          { name: 'react-dom', version: '19.3.0', requiredVersion: '^19.0.0', singleton: true },
        ],
      }),
    });
    const problems = checkComposition([candidate('mfe-catalog', '1.4.0'), old], shell);
    expect(problems.map((problem) => [problem.remote, problem.rule, problem.message.split(':')[0]])).toEqual([
      ['mfe-cart', 'singleton-version', 'react'],
      ['mfe-cart', 'singleton-version', 'react-dom'],
    ]);
  });

  it('reports a range the shell’s version does not satisfy, and another major of @storefront/shared', () => {
    const picky = candidate('mfe-cart', '2.0.1', {
      manifest: manifest('mfe-cart', '2.0.1', {
        exposes: ['CartPage'],
        shared: [
          { name: 'react-router-dom', version: '8.0.0', requiredVersion: '^8.0.0', singleton: true },
          { name: '@storefront/shared', version: '2.0.0', requiredVersion: '^2.0.0', singleton: true },
          { name: 'lodash', version: '4.0.0', requiredVersion: '^4.0.0', singleton: false },
        ],
      }),
    });
    const problems = checkComposition([candidate('mfe-catalog', '1.4.0'), picky], shell);
    expect(problems.map((problem) => problem.message)).toEqual([
      'react-router-dom: the shell has 7.18.5, mfe-cart requires ^8.0.0',
      '@storefront/shared: the shell has 1.2.0, mfe-cart needs major 2',
    ]);
  });

  it('reports a singleton the shell does not provide (the remote would run a second router of its own)', () => {
    const older = candidate('mfe-cart', '2.0.1', {
      manifest: manifest('mfe-cart', '2.0.1', {
        exposes: ['CartPage'],
        shared: [
          { name: 'react', version: '19.3.1', requiredVersion: '^19.2.0', singleton: true },
          { name: 'react-redux', version: '9.3.1', requiredVersion: '^9.2.0', singleton: true },
          { name: '@storefront/shared', version: '1.2.0', requiredVersion: '^1.0.0', singleton: true },
        ],
      }),
    });
    const problems = checkComposition([candidate('mfe-catalog', '1.4.0'), older], shell);
    expect(problems).toEqual([
      expect.objectContaining({
        remote: 'mfe-cart',
        rule: 'singleton-version',
        message: 'react-redux: mfe-cart shares it as a singleton, but the shell does not provide it, so mfe-cart would run a copy of its own',
      }),
    ]);
  });

  it('reports a remote that needs a newer minor of @storefront/shared than the shell has', () => {
    const newer = candidate('mfe-cart', '2.0.1', {
      manifest: manifest('mfe-cart', '2.0.1', {
        exposes: ['CartPage'],
        shared: [{ name: '@storefront/shared', version: '1.3.0', requiredVersion: '^1.3.0', singleton: true }],
      }),
    });
    const problems = checkComposition([candidate('mfe-catalog', '1.4.0'), newer], shell);
    expect(problems.map((problem) => problem.message)).toEqual(['@storefront/shared: the shell has 1.2.0, mfe-cart requires ^1.3.0 (it uses exports added since)']);
  });

  it('reports a remote built with another federation plugin than the runtime the shell provides', () => {
    const rebuilt = candidate('mfe-cart', '2.0.1');
    rebuilt.manifest = { ...rebuilt.manifest!, metaData: { ...rebuilt.manifest!.metaData, pluginVersion: '2.10.0' } };
    const problems = checkComposition([candidate('mfe-catalog', '1.4.0'), rebuilt], shell);
    expect(problems).toEqual([
      expect.objectContaining({
        remote: 'mfe-cart',
        rule: 'federation-runtime',
        message: 'mfe-cart@2.0.1 was built with @module-federation/enhanced 2.10.0, the shell provides the runtime of 2.9.2',
      }),
    ]);
  });

  it('reports two remotes injecting the same endpoint or slice into the one store', () => {
    const problems = checkComposition(
      [
        candidate('mfe-catalog', '1.4.0', { contract: contract('mfe-catalog', '1.4.0', ['getFacets', 'getOrders'], ['catalogView']) }),
        candidate('mfe-cart', '2.0.1', { contract: contract('mfe-cart', '2.0.1', ['getOrders', 'placeOrder'], ['catalogView']) }),
      ],
      shell,
    );
    expect(problems).toEqual([
      expect.objectContaining({ remote: 'mfe-cart', rule: 'unique-injections', message: 'slice "catalogView" is injected by both mfe-catalog and mfe-cart' }),
      expect.objectContaining({ remote: 'mfe-cart', rule: 'unique-injections', message: 'endpoint "getOrders" is injected by both mfe-catalog and mfe-cart' }),
    ]);
  });

  it('reports a release without a contract, and a remote the shell needs but the composition lacks', () => {
    const problems = checkComposition([candidate('mfe-catalog', '1.4.0', { contract: null })], shell);
    expect(problems.map((problem) => [problem.remote, problem.rule])).toEqual([
      ['mfe-cart', 'exposes'],
      ['mfe-catalog', 'contract'],
    ]);
  });
});
