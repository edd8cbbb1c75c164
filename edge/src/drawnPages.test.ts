/**
 * A page the server draws through the edge, on a build folder made here: drawn with its remote's
 * known-good fallback when the composed version's container cannot load, the policy letting the
 * browser load both, and its script preloads at low priority, or as built when it is not drawn.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildShellEdge } from './app';
import type { ReleaseFacts } from './compositionRules';
import { FileCompositionStore, type CompositionEntry } from '@storefront/release-state';
import { REMOTE_MODULES } from 'shell/remote-modules';
import { inThisThread } from './serverRender';
import { INDEX, policy, shellBuild } from './testing/edgeFixtures';

const { work, shellDist, compositionFile, compositionSource } = shellBuild('edge-drawn-', 18485);

describe('a page whose remote’s composed version cannot load', () => {
  it('is drawn with its known-good fallback’s container, and its policy lets the browser load the fallback too', async () => {
    const catalogAt = (origin: string, version: string) => ({ version, manifest: `${origin}/mfe-catalog/${version}/mf-manifest.json` });
    const facts: ReleaseFacts = {
      singletons: [{ name: 'react', version: '19.3.1' }],
      exposes: [...REMOTE_MODULES['mfe-catalog']],
      slices: [],
      endpoints: [],
    };
    const store = new FileCompositionStore(compositionFile);
    const publish = (entry: CompositionEntry, basedOn: number) =>
      store.publish({ by: 'thandi', reason: null, action: 'set', composition: { remotes: { 'mfe-catalog': entry } }, facts: { 'mfe-catalog': facts }, checkedAt: new Date().toISOString() }, basedOn);
    await writeFile(path.join(shellDist, 'mf-manifest.json'), JSON.stringify({ metaData: {}, shared: [{ name: 'react', version: '19.3.1' }], exposes: [] }));
    await publish(catalogAt('https://a.cdn.example.co.za', '1.0.0'), 0);
    await publish(catalogAt('https://b.cdn.example.co.za', '1.1.0'), 1);
    const asked: string[] = [];
    const edge = await buildShellEdge({
      dist: shellDist,
      apiUrl: 'http://127.0.0.1:9',
      // Known good as soon as the next revision replaced it.
      composition: compositionSource({ knownGoodAfterMs: 0 }),
      render: {
        draw: inThisThread({
          shell: { renderShellPage: ({ region }) => ({ html: `<main data-version="${region?.version ?? ''}">${region?.html ?? ''}</main>`, css: '' }) },
          loadRemoteBundle: (_remote, { version }) => {
            asked.push(version);
            return Promise.resolve(version === '1.1.0' ? null : { renderRegion: async () => ({ html: `<h1>Home ${version}</h1>`, css: '' }) });
          },
          timeoutMs: 1000,
        }),
      },
    });
    try {
      const page = await edge.inject({ url: '/' });
      expect(page.body).toContain('<main data-version="1.0.0"><h1>Home 1.0.0</h1></main>');
      expect(asked).toEqual(['1.1.0', '1.0.0']);
      expect(policy(page.headers['content-security-policy']).get('script-src')).toEqual(expect.arrayContaining(['https://a.cdn.example.co.za', 'https://b.cdn.example.co.za']));
      const served = (await edge.inject({ url: '/composition.json' })).json<{ remotes: Record<string, CompositionEntry>; lastKnownGood: Record<string, CompositionEntry> }>();
      expect(served.remotes['mfe-catalog']?.version).toBe('1.1.0');
      expect(served.lastKnownGood['mfe-catalog']).toEqual(catalogAt('https://a.cdn.example.co.za', '1.0.0'));
    } finally {
      await edge.close();
      await rm(path.dirname(compositionFile), { recursive: true, force: true });
      await rm(path.join(shellDist, 'mf-manifest.json'));
    }
  });
});

describe('a drawn page’s script preloads', () => {
  it('are at low priority, its pictures first; a page the server could not draw keeps them as built, its scripts drawing its first screen', async () => {
    const dist = path.join(work, 'shell-with-preloads');
    await mkdir(dist, { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX.replace('<!--#edge:end-of-head-->', '<link rel=preload as=script href=/325.0123456789.js><!--#edge:end-of-head-->'));
    const edge = await buildShellEdge({
      dist,
      apiUrl: 'http://127.0.0.1:9',
      composition: compositionSource(),
      render: {
        draw: inThisThread({
          shell: {
            renderShellPage: ({ pathname, region }) => {
              if (pathname === '/cart') throw new Error('the shell could not draw the cart');
              return { html: `<main>${region?.html ?? ''}</main>`, css: '' };
            },
          },
          loadRemoteBundle: () => Promise.resolve({ renderRegion: async () => ({ html: '<h1>Home</h1>', css: '' }) }),
          timeoutMs: 1000,
        }),
      },
    });
    try {
      const drawn = await edge.inject({ url: '/' });
      expect(drawn.body).toContain('<h1>Home</h1>');
      expect(drawn.body).toContain('<link fetchpriority="low" rel=preload as=script href=/325.0123456789.js>');
      const notDrawn = await edge.inject({ url: '/cart' });
      expect(notDrawn.statusCode).toBe(200);
      expect(notDrawn.body).toContain('<div id=root></div>');
      expect(notDrawn.body).toContain('<link rel=preload as=script href=/325.0123456789.js>');
    } finally {
      await edge.close();
    }
  });
});
