import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ShopperList } from '../../shared/src/ssr/contract';
import { SESSION_COOKIE, SHOPPER_ID_COOKIE, ShopperLists, shopperOf } from './shopperLists';

const API = 'http://127.0.0.1:4000';
const BOTH: ShopperList[] = ['cart', 'wishlist'];

/** ShopperLists whose api says `answer` (settled when `release` is called, if given), counting the asks. */
function listsAnswering(answer: () => boolean, { now = () => 0, ttlMs = 30_000 }: { now?: () => number; ttlMs?: number } = {}) {
  const asked: string[] = [];
  let hold: Promise<void> | null = null;
  let release = () => undefined as void;
  const lists = new ShopperLists({
    ttlMs,
    now,
    ask: async (_api, cookie) => {
      asked.push(cookie);
      if (hold) await hold;
      return answer();
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
  it('reads the api’s own cookie names', () => {
    // Read from the api's source: its modules load only in the api's own test project.
    const constant = (file: string, name: string) => new RegExp(`export const ${name} = '([^']+)'`).exec(readFileSync(path.join(__dirname, '../../api/src', file), 'utf8'))?.[1];
    expect([SHOPPER_ID_COOKIE, SESSION_COOKIE]).toEqual([constant('plugins/shopper.ts', 'SHOPPER_COOKIE'), constant('auth/sessions.ts', 'SESSION_COOKIE')]);
  });

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
    const { lists, asked } = listsAnswering(() => false);
    expect(await lists.empty(API, 'theme=dark', BOTH)).toBe(true);
    expect(asked).toEqual([]);
  });

  it('asks the api once for a shopper while its answer is fresh, and again after', async () => {
    let now = 0;
    const { lists, asked } = listsAnswering(() => true, { now: () => now });
    expect(await lists.empty(API, 'sf_shopper=abc', BOTH)).toBe(true);
    expect(await lists.empty(API, 'sf_shopper=abc; theme=dark', BOTH)).toBe(true);
    expect(asked).toHaveLength(1);
    // Another shopper, another api, or other lists are asked for themselves.
    await lists.empty(API, 'sf_shopper=xyz', BOTH);
    await lists.empty('http://127.0.0.1:4001', 'sf_shopper=abc', BOTH);
    await lists.empty(API, 'sf_shopper=abc', ['cart']);
    expect(asked).toHaveLength(4);
    now = 30_000;
    await lists.empty(API, 'sf_shopper=abc', BOTH);
    expect(asked).toHaveLength(5);
  });

  it('asks every time for a signed-in shopper, and with a time of 0', async () => {
    const { lists, asked } = listsAnswering(() => true);
    await lists.empty(API, 'sf_shopper=abc; sf_session=t', BOTH);
    await lists.empty(API, 'sf_shopper=abc; sf_session=t', BOTH);
    expect(asked).toHaveLength(2);
    const never = listsAnswering(() => true, { ttlMs: 0 });
    await never.lists.empty(API, 'sf_shopper=abc', BOTH);
    await never.lists.empty(API, 'sf_shopper=abc', BOTH);
    expect(never.asked).toHaveLength(2);
  });

  it('forgets a shopper whose lists may have changed, and keeps no answer asked for before the change', async () => {
    let empty = true;
    const { lists, asked, holdAnswers } = listsAnswering(() => empty);
    expect(await lists.empty(API, 'sf_shopper=abc', BOTH)).toBe(true);
    empty = false;
    lists.forget('sf_shopper=abc; theme=dark');
    expect(await lists.empty(API, 'sf_shopper=abc', BOTH)).toBe(false);
    expect(asked).toHaveLength(2);
    // Signing out is a request with their session: their browser's id is forgotten too.
    lists.forget('sf_shopper=abc; sf_session=t');
    expect(await lists.empty(API, 'sf_shopper=abc', BOTH)).toBe(false);
    expect(asked).toHaveLength(3);
    // Another shopper's change is not theirs.
    lists.forget('sf_shopper=xyz');
    expect(await lists.empty(API, 'sf_shopper=abc', BOTH)).toBe(false);
    expect(asked).toHaveLength(3);
    // The api was asked, then the lists changed before it answered: that answer is used once, not kept.
    lists.forget('sf_shopper=abc');
    empty = true;
    const release = holdAnswers();
    const answer = lists.empty(API, 'sf_shopper=abc', BOTH);
    lists.forget('sf_shopper=abc');
    release();
    expect(await answer).toBe(true);
    empty = false;
    expect(await lists.empty(API, 'sf_shopper=abc', BOTH)).toBe(false);
    expect(asked).toHaveLength(5);
  });
});
