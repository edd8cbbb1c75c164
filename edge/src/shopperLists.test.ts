import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShopperList } from '@storefront/shared/ssr/contract';
import { askLists, ShopperLists, shopperOf } from './shopperLists';

const API = 'http://127.0.0.1:4000';
const BOTH: ShopperList[] = ['cart', 'wishlist'];

/** ShopperLists whose api says `answer` (the lists with something in them; null: it cannot say) (settled when `release` is called, if given), counting the asks. */
function listsAnswering(answer: () => ShopperList[] | null, { now = () => 0, ttlMs = 30_000 }: { now?: () => number; ttlMs?: number } = {}) {
  const asked: string[] = [];
  let hold: Promise<void> | null = null;
  let release = () => undefined as void;
  const lists = new ShopperLists({
    ttlMs,
    now,
    ask: async (_api, cookie) => {
      asked.push(cookie);
      if (hold) await hold;
      const filled = answer();
      return filled && { filled, answers: {} };
    },
  });
  return {
    lists,
    asked,
    holdAnswers: () => {
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('what the edge knows of a shopper’s lists', () => {
  it('knows a shopper by their browser’s id, in either form; one signed in; and one the api would take for new', () => {
    expect(shopperOf('sf_shopper=abc')).toEqual({ anonymous: expect.any(String) });
    expect(shopperOf('theme=dark; sf_shopper=abc')).toEqual(shopperOf('sf_shopper=abc'));
    expect(shopperOf('sf_shopper=abd')).not.toEqual(shopperOf('sf_shopper=abc'));
    expect(shopperOf('__Host-sf_shopper=abc')).not.toEqual(shopperOf('sf_shopper=abc'));
    // An id the api would refuse is still theirs to ask about.
    expect(shopperOf('sf_shopper=')).toEqual({ anonymous: expect.any(String) });
    for (const cookie of ['sf_shopper=abc; sf_session=t', 'sf_shopper=abc; __Host-sf_session=t', 'sf_session=t']) expect([cookie, shopperOf(cookie)]).toEqual([cookie, 'signed in']);
    for (const cookie of [undefined, '', 'theme=dark', 'sf_shopperx=abc']) expect([cookie, shopperOf(cookie)]).toEqual([cookie, 'new']);
  });

  it('does not ask about a shopper the api would take for new: their lists are empty', async () => {
    const { lists, asked } = listsAnswering(() => ['cart']);
    expect(await lists.known(API, 'theme=dark', BOTH)).toEqual({ filled: [], answers: { cart: '[]', wishlist: '[]' } });
    expect(asked).toEqual([]);
  });

  it('asks the api once for a shopper while its answer is fresh, and again after', async () => {
    let now = 0;
    const { lists, asked } = listsAnswering(() => [], { now: () => now });
    expect(await lists.known(API, 'sf_shopper=abc', BOTH)).toMatchObject({ filled: [] });
    expect(await lists.known(API, 'sf_shopper=abc; theme=dark', BOTH)).toMatchObject({ filled: [] });
    expect(asked).toHaveLength(1);
    // Another shopper, another api, or other lists are asked for themselves.
    await lists.known(API, 'sf_shopper=xyz', BOTH);
    await lists.known('http://127.0.0.1:4001', 'sf_shopper=abc', BOTH);
    await lists.known(API, 'sf_shopper=abc', ['cart']);
    expect(asked).toHaveLength(4);
    now = 30_000;
    await lists.known(API, 'sf_shopper=abc', BOTH);
    expect(asked).toHaveLength(5);
  });

  it('asks every time for a signed-in shopper, and with a time of 0', async () => {
    const { lists, asked } = listsAnswering(() => []);
    await lists.known(API, 'sf_shopper=abc; sf_session=t', BOTH);
    await lists.known(API, 'sf_shopper=abc; sf_session=t', BOTH);
    expect(asked).toHaveLength(2);
    const never = listsAnswering(() => [], { ttlMs: 0 });
    await never.lists.known(API, 'sf_shopper=abc', BOTH);
    await never.lists.known(API, 'sf_shopper=abc', BOTH);
    expect(never.asked).toHaveLength(2);
  });

  it('forgets a shopper whose lists may have changed, and keeps no answer asked for before the change', async () => {
    let empty = true;
    const { lists, asked, holdAnswers } = listsAnswering(() => (empty ? [] : ['cart']));
    expect(await lists.known(API, 'sf_shopper=abc', BOTH)).toMatchObject({ filled: [] });
    empty = false;
    lists.forget('sf_shopper=abc; theme=dark');
    expect(await lists.known(API, 'sf_shopper=abc', BOTH)).toMatchObject({ filled: ['cart'] });
    expect(asked).toHaveLength(2);
    // Signing out is a request with their session: their browser's id is forgotten too.
    lists.forget('sf_shopper=abc; sf_session=t');
    expect(await lists.known(API, 'sf_shopper=abc', BOTH)).toMatchObject({ filled: ['cart'] });
    expect(asked).toHaveLength(3);
    // Another shopper's change is not theirs.
    lists.forget('sf_shopper=xyz');
    expect(await lists.known(API, 'sf_shopper=abc', BOTH)).toMatchObject({ filled: ['cart'] });
    expect(asked).toHaveLength(3);
    // The api was asked, then the lists changed before it answered: that answer is used once, not kept.
    lists.forget('sf_shopper=abc');
    empty = true;
    const release = holdAnswers();
    const answer = lists.known(API, 'sf_shopper=abc', BOTH);
    lists.forget('sf_shopper=abc');
    release();
    expect(await answer).toMatchObject({ filled: [] });
    empty = false;
    expect(await lists.known(API, 'sf_shopper=abc', BOTH)).toMatchObject({ filled: ['cart'] });
    expect(asked).toHaveLength(5);
  });

  it('keeps no answer when the api could not say', async () => {
    let answer: ShopperList[] | null = null;
    const { lists, asked } = listsAnswering(() => answer);
    expect(await lists.known(API, 'sf_shopper=abc', BOTH)).toBeNull();
    answer = ['wishlist'];
    expect(await lists.known(API, 'sf_shopper=abc', BOTH)).toMatchObject({ filled: ['wishlist'] });
    expect(await lists.known(API, 'sf_shopper=abc', BOTH)).toMatchObject({ filled: ['wishlist'] });
    expect(asked).toHaveLength(2);
  });

  it('reads the api’s answers, and keeps those its header may be drawn from again: an empty list’s, and the cart’s', async () => {
    const longCart = JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ id: `line-${index}`, name: 'A shirt with a long name', qty: 1 })));
    const answers: Record<string, Record<string, [number, string]>> = {
      'sf_shopper=a': { '/cart': [200, '[{"id":"red-tee","qty":2}]'], '/wishlist': [200, '[]'] },
      'sf_shopper=b': { '/cart': [200, '[]'], '/wishlist': [200, '[{"id":"red-tee"}]'] },
      'sf_shopper=c': { '/cart': [200, longCart], '/wishlist': [200, '[]'] },
      'sf_shopper=d': { '/cart': [500, 'oops'], '/wishlist': [200, '[]'] },
      'sf_shopper=e': { '/cart': [200, '{"lines":[]}'], '/wishlist': [200, '[]'] },
    };
    const api = http.createServer((request, response) => {
      const [status, body] = answers[request.headers.cookie ?? '']?.[request.url ?? ''] ?? [404, ''];
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}/`;
    try {
      expect(await askLists(base, 'sf_shopper=a', BOTH)).toEqual({ filled: ['cart'], answers: { cart: '[{"id":"red-tee","qty":2}]', wishlist: '[]' } });
      expect(await askLists(base, 'sf_shopper=b', BOTH)).toEqual({ filled: ['wishlist'], answers: { cart: '[]', wishlist: '[{"id":"red-tee"}]' } });
      // Remembered: all but a filled wishlist, the browser's store's to keep (asked again for each
      // page), and a cart too long to keep.
      const lists = new ShopperLists();
      for (const [shopper, kept] of [
        ['sf_shopper=a', { filled: ['cart'], answers: { cart: '[{"id":"red-tee","qty":2}]', wishlist: '[]' } }],
        ['sf_shopper=b', { filled: ['wishlist'], answers: { cart: '[]' } }],
        ['sf_shopper=c', { filled: ['cart'], answers: { wishlist: '[]' } }],
      ] as const) {
        const asked = await lists.known(base, shopper, BOTH);
        expect(asked).toEqual(await askLists(base, shopper, BOTH));
        expect([shopper, await lists.known(base, shopper, BOTH)]).toEqual([shopper, kept]);
      }
      // An error or an answer that is not a list: the api cannot say.
      expect(await askLists(base, 'sf_shopper=d', BOTH)).toBeNull();
      expect(await askLists(base, 'sf_shopper=e', BOTH)).toBeNull();
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
