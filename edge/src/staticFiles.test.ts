import { cacheControlFor } from './staticFiles';

describe('cacheControlFor', () => {
  it('revalidates manifests, the composition and HTML, even inside a release', () => {
    for (const file of ['1.4.0/mf-manifest.json', 'composition.json', 'index.html']) {
      expect(cacheControlFor(file, true)).toBe('no-cache');
    }
  });

  it('caches release files and hashed files for a year', () => {
    expect(cacheControlFor('1.4.0/remoteEntry.js', true)).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('1.0.0/470.7eb80f38c8.js')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates unhashed files of a working build, which are rewritten in place', () => {
    expect(cacheControlFor('1.0.0/remoteEntry.js')).toBe('no-cache');
  });
});
