import { operatorSearchText, readOperatorSearch } from './operatorSearch';

describe('the operator list’s address', () => {
  it('reads the state, the search and the page, and anything unknown as its default', () => {
    expect(readOperatorSearch(new URLSearchParams('status=ready_for_collection&q=%20naledi%20&page=3'))).toEqual({
      status: 'ready_for_collection',
      q: 'naledi',
      page: 3,
    });
    expect(readOperatorSearch(new URLSearchParams('status=lost&page=0'))).toEqual({ status: null, q: '', page: 1 });
    expect(readOperatorSearch(new URLSearchParams('page=2.5'))).toEqual({ status: null, q: '', page: 1 });
  });

  it('writes only what differs from the whole list’s first page', () => {
    expect(operatorSearchText({ status: null, q: '', page: 1 })).toBe('');
    expect(operatorSearchText({ status: 'paid', q: 'a@b.co.za', page: 2 })).toBe('?status=paid&q=a%40b.co.za&page=2');
  });
});
