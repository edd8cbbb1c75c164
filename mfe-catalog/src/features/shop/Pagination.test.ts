import { visiblePages } from './Pagination';

describe('page links', () => {
  it('shows every page of a short list', () => {
    expect(visiblePages(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first, the last and two either side of the current page, with gaps between', () => {
    expect(visiblePages(50, 8334)).toEqual([1, null, 48, 49, 50, 51, 52, null, 8334]);
    expect(visiblePages(1, 100)).toEqual([1, 2, 3, null, 100]);
    expect(visiblePages(4, 100)).toEqual([1, 2, 3, 4, 5, 6, null, 100]);
  });
});
