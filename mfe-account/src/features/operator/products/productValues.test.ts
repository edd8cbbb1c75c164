import { categoryTree } from './CategoryChoices';
import { arrangedFrom, arrangementBody, arrangementChanged, mergeArrangement, movePicture } from './pictureArrangement';
import { productSearchText, readProductSearch } from './productSearch';
import type { OperatorPicture } from './productsApi';
import { fromLocalInput, productFormProblems, readAmount, tidyAmount, toEditableProduct, toFormValues, toLocalInput, type ProductFormValues } from './productValues';
import { formatStockChange, quantityHint, quantityProblem } from './stockText';

function values(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    name: 'Linen kaftan',
    description: '',
    categories: [],
    colours: [],
    sizes: [],
    price: '1299.50',
    onSale: false,
    salePrice: '',
    saleStarts: '',
    saleEnds: '',
    published: false,
    link: '',
    ...overrides,
  };
}

describe('readAmount: rand as staff type them', () => {
  it.each([
    ['1299.50', 1299.5],
    ['1 299,50', 1299.5],
    ['R1 299,50', 1299.5],
    ['r 12', 12],
    ['1\u00a0299.5', 1299.5],
    ['1,299.50', 1299.5],
    ['1.299,50', 1299.5],
    // A comma before three digits groups thousands, as the shop writes prices: cents have two.
    ['1,299', 1299],
    ['12,5', 12.5],
    ['0', 0],
    ['.5', 0.5],
  ])('reads %s as %d', (typed, amount) => {
    expect(readAmount(typed, 'Price')).toEqual({ amount });
  });

  it.each([
    ['', 'Enter the price'],
    ['-5', 'The price can’t be below R0'],
    ['12.345', 'The price takes at most 2 decimals (cents)'],
    ['12,3456', 'The price takes at most 2 decimals (cents)'],
    ['twelve', 'Enter the price as a number of rand, like 1299.50'],
    ['10000000', 'The price can be at most R9 999 999.99'],
  ])('refuses %j', (typed, problem) => {
    expect(readAmount(typed, 'Price')).toEqual({ problem });
  });

  it('tidies what it can read, and leaves the rest as typed', () => {
    expect(tidyAmount('1 299,5')).toBe('1299.50');
    expect(tidyAmount('abc')).toBe('abc');
    expect(tidyAmount(undefined)).toBe('');
  });
});

describe('the sale’s moments, in the browser’s time zone', () => {
  it('goes to a datetime-local value and back to the same moment', () => {
    const iso = '2026-03-05T12:30:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });

  it('keeps a loaded moment exactly as it came when the field still shows it', () => {
    const loaded = { name: 'Kaftan', description: '', categories: [], colours: [], sizes: [], price: 500, published: true, sale: { price: 400, starts_at: '2026-03-05T12:30:45+00:00', ends_at: null } };
    const form = toFormValues(loaded);
    expect(toEditableProduct(form, loaded).sale).toEqual({ price: 400, starts_at: '2026-03-05T12:30:45+00:00', ends_at: null });
  });
});

describe('the product form’s rules', () => {
  it('needs a name and a price', () => {
    expect(productFormProblems(values({ name: '  ', price: '' }), { isNew: false })).toEqual({ name: 'Enter the product’s name', price: 'Enter the price' });
  });

  it('wants the sale price below the price, and the end after the start', () => {
    expect(
      productFormProblems(values({ onSale: true, salePrice: '1299,50', saleStarts: '2026-04-02T10:00', saleEnds: '2026-04-01T10:00' }), { isNew: false, now: Date.parse('2026-03-01T00:00:00Z') }),
    ).toEqual({ salePrice: 'The sale price must be below the price', saleEnds: 'The sale must end after it starts' });
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(productFormProblems(values({ onSale: true, salePrice: '999', saleStarts: '2026-04-01T10:00', saleEnds: '2026-04-02T10:00' }), { isNew: false, now })).toEqual({});
    expect(productFormProblems(values({ onSale: true, salePrice: '999', saleEnds: '2026-02-01T10:00' }), { isNew: false, now })).toEqual({
      saleEnds: 'The sale’s end has passed: choose a later one, or leave it empty',
    });
  });

  it('checks a new product’s address only when one is given', () => {
    expect(productFormProblems(values({ link: 'Summer Kaftan' }), { isNew: true }).link).toMatch(/lower-case letters/);
    expect(productFormProblems(values({ link: 'summer-kaftan' }), { isNew: true })).toEqual({});
    expect(productFormProblems(values({ link: '' }), { isNew: true })).toEqual({});
  });

  it('sends amounts as numbers, names trimmed and lower case, and no sale when it is off', () => {
    const product = toEditableProduct(
      values({ name: ' Kaftan ', price: 'R1 299,50', colours: ['Sea Green', 'sea green'], sizes: [' XL '], onSale: false, salePrice: '999', published: true }),
    );
    expect(product).toEqual({ name: 'Kaftan', description: '', categories: [], colours: ['sea green'], sizes: ['xl'], price: 1299.5, sale: null, published: true });
    const onSale = toEditableProduct(values({ onSale: true, salePrice: '999,99', saleStarts: '', saleEnds: '' }));
    expect(onSale.sale).toEqual({ price: 999.99, starts_at: null, ends_at: null });
  });
});

describe('the list’s address', () => {
  it('reads and writes ?q=&page=, defaults left out', () => {
    expect(readProductSearch(new URLSearchParams('q=%20kaftan%20&page=3'))).toEqual({ q: 'kaftan', page: 3 });
    expect(readProductSearch(new URLSearchParams('page=0'))).toEqual({ q: '', page: 1 });
    expect(productSearchText({ q: 'linen dress', page: 1 })).toBe('?q=linen+dress');
    expect(productSearchText({ q: '', page: 2 })).toBe('?page=2');
  });
});

describe('categoryTree', () => {
  it('puts each category under its parent, and one with an unknown parent at the top', () => {
    const tree = categoryTree([
      { id: 'women', name: 'Women', parent: null },
      { id: 'dresses', name: 'Dresses', parent: 'women' },
      { id: 'maxi', name: 'Maxi', parent: 'dresses' },
      { id: 'lost', name: 'Lost', parent: 'gone' },
    ]);
    expect(tree.map((branch) => branch.category.id)).toEqual(['women', 'lost']);
    expect(tree[0]?.children[0]?.category.id).toBe('dresses');
    expect(tree[0]?.children[0]?.children[0]?.category.id).toBe('maxi');
  });

  it('also finds a parent named by its name', () => {
    const tree = categoryTree([
      { id: 'men', name: 'Men', parent: null },
      { id: 'shirts', name: 'Shirts', parent: 'Men' },
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children.map((branch) => branch.category.id)).toEqual(['shirts']);
  });
});

describe('arranging pictures', () => {
  const picture = (position: number, overrides: Partial<OperatorPicture> = {}): OperatorPicture => ({
    position,
    url: `products/x/${position}-small.webp`,
    colour: null,
    alt: `Picture ${position}`,
    state: 'ready',
    problem: null,
    ...overrides,
  });

  it('moves, and sends each picture by its current position in the new order', () => {
    const pictures = [picture(1), picture(2, { colour: 'red' }), picture(3)];
    const moved = movePicture(arrangedFrom(pictures), 2, -1);
    expect(arrangementBody(moved)).toEqual([
      { position: 1, colour: null, alt: 'Picture 1' },
      { position: 3, colour: null, alt: 'Picture 3' },
      { position: 2, colour: 'red', alt: 'Picture 2' },
    ]);
    expect(arrangementChanged(moved, pictures)).toBe(true);
    expect(arrangementChanged(arrangedFrom(pictures), pictures)).toBe(false);
    expect(movePicture(moved, 0, -1)).toEqual(moved);
  });

  it('keeps changes not saved yet when a picture is added, the new one last', () => {
    const known = [picture(1), picture(2)];
    const arranged = movePicture(arrangedFrom(known), 1, -1).map((item) => (item.position === 1 ? { ...item, alt: 'Front' } : item));
    const merged = mergeArrangement(arranged, known, [picture(1), picture(2), picture(3, { state: 'waiting', url: null })]);
    expect(merged.map((item) => [item.position, item.alt, item.state])).toEqual([
      [2, 'Picture 2', 'ready'],
      [1, 'Front', 'ready'],
      [3, 'Picture 3', 'waiting'],
    ]);
  });
});

describe('stock words', () => {
  it('writes a change with its sign', () => {
    expect(formatStockChange(3)).toBe('+3');
    expect(formatStockChange(-2)).toBe('\u22122');
    expect(formatStockChange(0)).toBe('0');
  });

  it('tells a count to include the units held by open orders', () => {
    expect(quantityHint('counted', { stock: 4, held: 2 })).toContain('Count every unit in the shop, those set aside for orders too: 2 are held by open orders.');
  });

  it('takes whole units; nothing only for a count', () => {
    expect(quantityProblem('3', 'received')).toBeUndefined();
    expect(quantityProblem('0', 'counted')).toBeUndefined();
    expect(quantityProblem('0', 'damaged')).toBe('Enter 1 or more units');
    expect(quantityProblem('2.5', 'received')).toBe('Enter a whole number of units, like 12');
    expect(quantityProblem('', 'received')).toBe('Enter the number of units');
  });
});
