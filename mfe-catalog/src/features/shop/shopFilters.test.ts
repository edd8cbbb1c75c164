import { NO_FILTERS, readShopFilters, toFilterQuery, toProductQuery, writeShopFilters } from './shopFilters';

describe('shop filters in the URL', () => {
  it('reads every filter, the sort, page, page size and view', () => {
    const filters = readShopFilters(
      new URLSearchParams('category=Fashion&search=%20tee%20&colour=red&colour=Blue&size=m&min_price=100&max_price=499.5&on_sale=true&is_new=true&in_stock=true&sort=price_asc&page=3&limit=24&view=list'),
    );
    expect(filters).toEqual({
      category: 'Fashion',
      search: 'tee',
      colour: ['red', 'blue'],
      size: ['m'],
      minPrice: 100,
      maxPrice: 499.5,
      onSale: true,
      isNew: true,
      inStock: true,
      sort: 'price_asc',
      page: 3,
      perPage: 24,
      view: 'list',
    });
  });

  it('reads malformed values as their defaults, so an old or hand-made link still opens', () => {
    expect(readShopFilters(new URLSearchParams('page=-2&limit=50&sort=cheapest&view=tiles&min_price=abc&on_sale=yes&colour='))).toEqual(NO_FILTERS);
  });

  it('writes defaults out and keeps one order, so a read and a write give the same URL', () => {
    expect(writeShopFilters(NO_FILTERS).toString()).toBe('');
    const url = 'category=fashion&search=tee&colour=red&colour=blue&size=m&min_price=100&on_sale=true&sort=rating&limit=36&view=grid&page=2';
    expect(writeShopFilters(readShopFilters(new URLSearchParams(url))).toString()).toBe(url);
  });

  it('asks the api for the list with the filters, sort and page, and reads a backwards price range as meant', () => {
    const filters = readShopFilters(new URLSearchParams('colour=red&min_price=900&max_price=100&sort=newest&page=2&limit=36&view=list'));
    expect(toProductQuery(filters)).toEqual({ colour: ['red'], min_price: 100, max_price: 900, sort: 'newest', page: 2, limit: 36 });
    expect(toFilterQuery(filters)).toEqual({ colour: ['red'], min_price: 100, max_price: 900 });
  });
});
