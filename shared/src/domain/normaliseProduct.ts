import type {
  Picture,
  Product,
  ProductCategory,
  ProductReadingA,
  ProductReadingB,
  Size,
} from '../types';

const SIZE_LABELS: Record<string, string> = {
  s: 'small',
  m: 'medium',
  l: 'large',
  xl: 'extra large',
};

/** Slug used for category ids and product links: lowercase words joined by dashes. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

type AnyReading = Partial<Product> & Partial<ProductReadingA> & Partial<ProductReadingB>;

function toPictures(list: { url: string; width?: number; height?: number; colour?: string }[] | undefined): Picture[] {
  return (list ?? []).map((picture) => ({
    url: picture.url,
    width: picture.width ?? 800,
    height: picture.height ?? 800,
    // The colour the picture shows, which the gallery and the cart follow.
    ...(typeof picture.colour === 'string' ? { colour: picture.colour } : {}),
  }));
}

function toCategories(list: AnyReading['categories']): ProductCategory[] {
  return (list ?? []).map((category) => {
    if (typeof category === 'string') return { id: slugify(category), name: category };
    return { id: category.id ?? slugify(category.name), name: category.name };
  });
}

function toSizes(list: { name: string; label?: string }[] | undefined): Size[] {
  return (list ?? []).map((size) => ({
    name: size.name.toLowerCase(),
    label: size.label ?? SIZE_LABELS[size.name.toLowerCase()] ?? size.name,
  }));
}

function firstNumber(...values: (number | null | undefined)[]): number | undefined {
  return values.find((value): value is number => typeof value === 'number' && Number.isFinite(value));
}

function toIsoDate(value: string | number | null | undefined): string | null {
  if (value == null || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Turns a product record in either reading (docs/behaviour.md#reading-a-and-reading-b), or already in the storefront's shape,
 * into `Product`. Reading A calls the 0-5 score `total_ratings` and the review count
 * `total_reviews`; reading B calls them `rating` and `reviews`, with `ratings` a count.
 */
export function normaliseProduct(raw: ProductReadingA | ProductReadingB | Product): Product {
  const source = raw as AnyReading;
  const id = String(source.id);
  const colours = source.colours ?? [];
  const sizes = toSizes(source.sizes);
  const availableStock = firstNumber(source.available_stock, source.stock) ?? 0;
  const outOfStock = source.out_of_stock ?? availableStock <= 0;
  return {
    id,
    link: source.link ?? (id || slugify(source.name ?? '')),
    name: source.name ?? '',
    sku: source.sku ?? id.toUpperCase(),
    description: source.description ?? source.short_description ?? '',
    short_description: source.short_description ?? source.description ?? '',
    price: source.price ?? 0,
    on_sale_price: source.on_sale_price ?? null,
    on_sale_until: toIsoDate(source.on_sale_until),
    categories: toCategories(source.categories),
    has_variants: source.has_variants ?? (colours.length > 0 || sizes.length > 0),
    colours,
    sizes,
    small_pictures: toPictures(source.small_pictures),
    large_pictures: toPictures(source.large_pictures ?? source.small_pictures),
    rating: firstNumber(source.total_ratings, source.rating) ?? 0,
    ratings_count: firstNumber(source.ratings_count, source.ratings) ?? 0,
    reviews_count: firstNumber(source.reviews_count, source.total_reviews, source.reviews) ?? 0,
    is_popular: source.is_popular ?? false,
    is_new: source.is_new ?? false,
    out_of_stock: outOfStock,
    stock: firstNumber(source.stock, source.available_stock) ?? 0,
    available_stock: outOfStock ? 0 : availableStock,
  };
}
