import { cacheControlFor, isPrivatePath } from './staticServer';

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

describe('isPrivatePath', () => {
  const privatePaths = ['/dev'];

  it('keeps the developer routes however the path is spelled', () => {
    for (const spelling of [
      '/dev/outbox',
      '/dev',
      '/dev/',
      '/dev/outbox?recipient=a%40b.co',
      '//dev/outbox',
      '/./dev/outbox',
      '/products/../dev/outbox',
      '/DEV/Outbox',
      '/%64ev/outbox',
      '/%2564ev/outbox',
      '/dev%2foutbox',
      '/\\dev\\outbox',
      '/dev/outbox%zz',
    ]) {
      expect([spelling, isPrivatePath(spelling, privatePaths)]).toEqual([spelling, true]);
    }
  });

  it('lets everything else through', () => {
    for (const spelling of ['/products', '/devices', '/products/dev', '/search/suggest?q=dev', '/products/%E0%A4']) {
      expect([spelling, isPrivatePath(spelling, privatePaths)]).toEqual([spelling, false]);
    }
  });
});
