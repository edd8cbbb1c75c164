import { chainDepths, type Captured } from './frontEnd';

const DOCUMENT = 'http://shop.test/';

function request(url: string, type: string, sentAt: number, finishedAt: number, parentUrl: string | null, byParser = false): Captured {
  return { url, type, parentUrl, byParser, sentAt, finishedAt, finished: true, failed: false };
}

describe('chainDepths', () => {
  it('counts the waits a script makes between requests, not only who asked', () => {
    const requests = [
      request(DOCUMENT, 'Document', 0, 1, null),
      request('http://shop.test/main.js', 'Script', 1, 2, DOCUMENT, true),
      request('http://shop.test/composition.json', 'Fetch', 2, 3, 'http://shop.test/main.js'),
      request('http://shop.test/bootstrap.js', 'Script', 2, 4, 'http://shop.test/main.js'),
      // Sent by main.js once the composition and bootstrap were in: it waited for them.
      request('http://remote.test/mf-manifest.json', 'Fetch', 4.1, 5, 'http://shop.test/main.js'),
      request('http://remote.test/remoteEntry.js', 'Script', 5.1, 6, 'http://shop.test/main.js'),
      request('http://remote.test/Page.js', 'Script', 6.1, 7, 'http://remote.test/remoteEntry.js'),
      // Not a first-load file: neither counted nor a link in the chain.
      request('http://shop.test/api/products', 'Fetch', 7.1, 9, 'http://remote.test/Page.js'),
    ];
    const depths = new Map([...chainDepths(requests, DOCUMENT)].map(([captured, depth]) => [captured.url.replace(/^http:\/\/[^/]+\//, ''), depth]));
    expect(Object.fromEntries(depths)).toEqual({
      'main.js': 2,
      'composition.json': 3,
      'bootstrap.js': 3,
      'mf-manifest.json': 4,
      'remoteEntry.js': 5,
      'Page.js': 6,
    });
  });

  it('puts files the HTML names right under the document, however late they arrive', () => {
    const requests = [
      request(DOCUMENT, 'Document', 0, 1, null),
      request('http://shop.test/a.js', 'Script', 1, 5, DOCUMENT, true),
      request('http://shop.test/b.css', 'Stylesheet', 6, 7, DOCUMENT, true),
    ];
    expect([...chainDepths(requests, DOCUMENT).values()]).toEqual([2, 2]);
  });
});
