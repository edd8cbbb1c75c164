import type { Composition } from './composition';
import { resiliencePlugin } from './resiliencePlugin';

const COMPOSITION: Composition = {
  remotes: { 'mfe-catalog': { version: '1.0.2', manifest: 'http://cdn.test/catalog/1.0.2/mf-manifest.json', entry: 'http://cdn.test/catalog/1.0.2/remoteEntry.js' } },
  lastKnownGood: { 'mfe-catalog': { version: '1.0.1', manifest: 'http://cdn.test/catalog/1.0.1/mf-manifest.json', entry: 'http://cdn.test/catalog/1.0.1/remoteEntry.js' } },
  preview: [],
  previewRefused: [],
};

type ErrorLoadRemote = (args: Record<string, unknown>) => Promise<unknown>;

function hostDouble() {
  return {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => ({ default: `module ${id}` })),
  };
}

describe('the resilience plugin’s fallback', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('answers a module that failed to load with the last known good version’s, once per module', async () => {
    const errorLoadRemote = resiliencePlugin(COMPOSITION).errorLoadRemote as unknown as ErrorLoadRemote;
    const origin = hostDouble();
    const failed = { error: new Error('entry blocked'), from: 'runtime', lifecycle: 'onLoad', origin };

    await expect(errorLoadRemote({ ...failed, id: 'mfe_catalog/HomePage' })).resolves.toEqual({ default: 'module mfe_catalog/HomePage' });
    await expect(errorLoadRemote({ ...failed, id: 'mfe_catalog/HeaderSearch' })).resolves.toEqual({ default: 'module mfe_catalog/HeaderSearch' });
    expect(origin.registerRemotes).toHaveBeenCalledTimes(1);
    expect(origin.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_catalog', entry: 'http://cdn.test/catalog/1.0.1/remoteEntry.js' }], { force: true });

    // The fallback failing too reaches the region: no second try of the same module.
    await expect(errorLoadRemote({ ...failed, id: 'mfe_catalog/HomePage' })).resolves.toBeUndefined();
  });

  it('leaves the other stages’ errors alone: they want a manifest, request arguments or an entry back, not a module', async () => {
    const errorLoadRemote = resiliencePlugin(COMPOSITION).errorLoadRemote as unknown as ErrorLoadRemote;
    const origin = hostDouble();
    for (const lifecycle of ['beforeRequest', 'afterResolve', 'beforeLoadShare']) {
      await expect(errorLoadRemote({ id: 'mfe_catalog', error: new Error('down'), from: 'runtime', lifecycle, origin })).resolves.toBeUndefined();
    }
    expect(origin.registerRemotes).not.toHaveBeenCalled();
    expect(origin.loadRemote).not.toHaveBeenCalled();
  });
});
