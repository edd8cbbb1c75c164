import { createTestStore } from '@storefront/shared/testing';
import { prefetchFromModules, type PageLocation } from './pageData';

const location = { pathname: '/shop/list', search: '?sort=price-asc', hash: '#top', href: 'http://shop.test/shop/list?sort=price-asc#top' };

test('each arrived module that exports prefetchPageData is given the store and the address, and waited for', async () => {
  const store = createTestStore();
  const calls: [unknown, PageLocation][] = [];
  let finish: () => void = () => undefined;
  const slow = new Promise<void>((resolve) => (finish = resolve));
  const settled = jest.fn();

  void prefetchFromModules(
    [
      Promise.resolve({ default: 'Page', prefetchPageData: (given: unknown, at: PageLocation) => (calls.push([given, at]), slow) }),
      Promise.resolve({ default: 'HeaderSearch' }),
    ],
    store,
    location,
  ).then(settled);

  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(calls).toEqual([[store, { pathname: '/shop/list', search: '?sort=price-asc' }]]);
  expect(settled).not.toHaveBeenCalled();
  finish();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(settled).toHaveBeenCalled();
});

test('a module that failed to load, or a prefetch that fails or is not a function, settles without an error; the others still run', async () => {
  const store = createTestStore();
  const ran: string[] = [];
  await expect(
    prefetchFromModules(
      [
        Promise.reject(new Error('the remote is down')),
        Promise.resolve({ default: 'A', prefetchPageData: () => Promise.reject(new Error('the api is down')) }),
        Promise.resolve({ default: 'B', prefetchPageData: 'not a function' }),
        Promise.resolve({ default: 'C', prefetchPageData: async () => void ran.push('C') }),
      ],
      store,
      location,
    ),
  ).resolves.toBeUndefined();
  expect(ran).toEqual(['C']);
});
