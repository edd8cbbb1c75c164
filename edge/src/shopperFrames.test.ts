import { holdsProductOf, SHOPPER_LISTS } from '@storefront/shared/ssr/shopper-lists';
import type { RenderedPage, SharedRegion } from './renderedPage';
import { listCounts, readAnswers, ShopperFrames, standInLists, theirLists, withTheirLists } from './shopperFrames';

const region = (): SharedRegion => ({ drawn: { remote: 'mfe-catalog', module: 'HomePage', version: '1.0.0', html: '<h1>Home</h1>' }, css: '', queries: [], shows: ['wishlist'] });

const cartOf = (...lines: { product_id: string; qty: number }[]) => JSON.stringify(lines.map((line) => ({ ...line, name: `Product ${line.product_id}`, price: 100 })));

/** A frame drawn from `lists` the way the shell's header counts them. */
const drawnFrom = (lists: Record<string, string>): RenderedPage => {
  const cart = JSON.parse(lists.cart ?? '[]') as { qty: number }[];
  const wishlist = JSON.parse(lists.wishlist ?? '[]') as unknown[];
  const count = cart.reduce((sum, line) => sum + line.qty, 0);
  return {
    html: `<header>Cart, ${count} items; wishlist ${wishlist.length}</header><h1>Home</h1>`,
    css: '',
    viewportWidth: 412,
    queries: [
      { endpointName: 'getProducts', arg: { limit: 8 }, value: [] },
      { endpointName: SHOPPER_LISTS.cart, arg: undefined, value: cart },
      { endpointName: SHOPPER_LISTS.wishlist, arg: undefined, value: wishlist },
    ],
  };
};

/** A shopper's lists read from the api's answers (their text), or null. */
const listsOf = (answers: Partial<Record<'cart' | 'wishlist', string>>) => theirLists(readAnswers(answers));
/** Their counts, or null when their lists cannot be read. */
const countsOf = (answers: Partial<Record<'cart' | 'wishlist', string>>) => {
  const lists = listsOf(answers);
  return lists && listCounts(lists);
};

describe('listCounts', () => {
  it('counts the cart’s quantities and the wishlist’s products, as the header does', () => {
    expect(countsOf({ cart: cartOf({ product_id: 'a', qty: 2 }, { product_id: 'b', qty: 1 }), wishlist: '[{"id":"c"}]' })).toEqual({ cart: 3, wishlist: 1 });
    expect(countsOf({ cart: '[]', wishlist: '[]' })).toEqual({ cart: 0, wishlist: 0 });
  });

  it('gives none for a list the edge lacks or an answer not shaped as the api’s', () => {
    expect(countsOf({ cart: '[]' })).toBeNull();
    expect(countsOf({ wishlist: '[]' })).toBeNull();
    expect(countsOf({ cart: 'not json', wishlist: '[]' })).toBeNull();
    expect(countsOf({ cart: '{"items":[]}', wishlist: '[]' })).toBeNull();
    expect(countsOf({ cart: '[{"product_id":"a","qty":"2"}]', wishlist: '[]' })).toBeNull();
    expect(countsOf({ cart: '[{"product_id":"a","qty":1.5}]', wishlist: '[]' })).toBeNull();
    expect(countsOf({ cart: '[]', wishlist: '{}' })).toBeNull();
    expect(countsOf({ cart: '[]', wishlist: '[null]' })).toBeNull();
    expect(countsOf({ cart: '[]', wishlist: '[["id"]]' })).toBeNull();
  });
});

describe('standInLists', () => {
  it('hold as much as the counts say, of no product a region shows', () => {
    const standIns = standInLists({ cart: 5, wishlist: 3 });
    expect(countsOf(standIns)).toEqual({ cart: 5, wishlist: 3 });
    expect(holdsProductOf('cart', JSON.parse(standIns.cart), ['a', 'b'])).toBe(false);
    // Product names are lower case, with no dash (the api's products table).
    expect(holdsProductOf('wishlist', JSON.parse(standIns.wishlist), ['a', 'b'])).toBe(false);
    expect(countsOf(standInLists({ cart: 0, wishlist: 0 }))).toEqual({ cart: 0, wishlist: 0 });
  });
});

describe('a shopper’s frame', () => {
  it('is drawn once from stand-ins for every shopper with the same counts, each page carrying its own shopper’s lists', async () => {
    const frames = new ShopperFrames();
    const shared = region();
    const drawnWith: Record<string, string>[] = [];
    const draw = (lists: Record<string, string>) => {
      drawnWith.push(lists);
      return Promise.resolve(drawnFrom(lists));
    };
    const ann = { cart: cartOf({ product_id: 'shirt', qty: 2 }), wishlist: '[{"id":"hat","name":"Sun hat","price":120}]' };
    const ben = { cart: cartOf({ product_id: 'kettle', qty: 1 }, { product_id: 'mug', qty: 1 }), wishlist: '[{"id":"lamp","name":"Desk lamp","price":300}]' };
    const annPage = withTheirLists((await frames.frame(shared, { cart: 2, wishlist: 1 }, draw))!, listsOf(ann)!);
    const benPage = withTheirLists((await frames.frame(shared, { cart: 2, wishlist: 1 }, draw))!, listsOf(ben)!);
    // Drawn once, and never from either shopper's lists.
    expect(drawnWith).toEqual([standInLists({ cart: 2, wishlist: 1 })]);
    expect(annPage.html).toBe('<header>Cart, 2 items; wishlist 1</header><h1>Home</h1>');
    expect(benPage.html).toBe(annPage.html);
    for (const [page, theirs, others] of [
      [annPage, ann, ben],
      [benPage, ben, ann],
    ] as const) {
      const lists = Object.fromEntries(page.queries.map((entry) => [entry.endpointName, entry.value]));
      expect(lists[SHOPPER_LISTS.cart]).toEqual(JSON.parse(theirs.cart));
      expect(lists[SHOPPER_LISTS.wishlist]).toEqual([expect.objectContaining(JSON.parse(theirs.wishlist)[0])]);
      expect(JSON.stringify(page)).not.toContain(JSON.parse(others.cart)[0].product_id);
      expect(lists.getProducts).toEqual([]);
    }
    // Other counts, another region (the guests' page drawn again): drawn afresh.
    await frames.frame(shared, { cart: 3, wishlist: 1 }, draw);
    await frames.frame(region(), { cart: 2, wishlist: 1 }, draw);
    expect(drawnWith).toHaveLength(3);
  });

  it('is drawn again when its drawing failed or gave none (the page then goes as before)', async () => {
    const frames = new ShopperFrames();
    const shared = region();
    let draws = 0;
    expect(await frames.frame(shared, { cart: 1, wishlist: 0 }, () => ((draws += 1), Promise.resolve(null)))).toBeNull();
    await expect(frames.frame(shared, { cart: 1, wishlist: 0 }, () => ((draws += 1), Promise.reject(new Error('late'))))).rejects.toThrow('late');
    const page = await frames.frame(shared, { cart: 1, wishlist: 0 }, (lists) => ((draws += 1), Promise.resolve(drawnFrom(lists))));
    expect([page?.html, draws]).toEqual(['<header>Cart, 1 items; wishlist 0</header><h1>Home</h1>', 3]);
  });

  it('keeps only so many counts per region: past them each is drawn for its page', async () => {
    const frames = new ShopperFrames();
    const shared = region();
    let draws = 0;
    const draw = (lists: Record<string, string>) => ((draws += 1), Promise.resolve(drawnFrom(lists)));
    for (let cart = 1; cart <= 40; cart += 1) await frames.frame(shared, { cart, wishlist: 0 }, draw);
    await frames.frame(shared, { cart: 1, wishlist: 0 }, draw);
    await frames.frame(shared, { cart: 40, wishlist: 0 }, draw);
    expect(draws).toBe(41);
  });
});
