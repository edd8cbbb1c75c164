import type { Category, Colour, Size } from '../types';

/** The sample sizes, in the order shoppers read them (docs/behaviour.md#sizes-colours-and-categories). */
export const SIZES: readonly Size[] = [
  { name: 's', label: 'small' },
  { name: 'm', label: 'medium' },
  { name: 'l', label: 'large' },
  { name: 'xl', label: 'extra large' },
];

/** The sample colours. */
export const COLOURS: readonly Colour[] = [
  { name: 'black', code: '#1f2937' },
  { name: 'blue', code: '#2563eb' },
  { name: 'green', code: '#16a34a' },
  { name: 'indigo', code: '#4f46e5' },
  { name: 'red', code: '#dc2626' },
];

/** The sample category tree; `parent` is the parent's name. */
export const CATEGORIES: readonly Category[] = [
  { id: 'fashion', name: 'Fashion', parent: null },
  { id: 't-shirts', name: 'T-shirts', parent: 'Fashion' },
  { id: 'trousers', name: 'Trousers', parent: 'Fashion' },
  { id: 'dress', name: 'Dress', parent: null },
  { id: 'blouse', name: 'Blouse', parent: null },
  { id: 'accessories', name: 'Accessories', parent: null },
  { id: 'watches', name: 'Watches', parent: 'Accessories' },
  { id: 'electronics', name: 'Electronics', parent: null },
  { id: 'headphone', name: 'Headphone', parent: 'Electronics' },
  { id: 'toys', name: 'Toys', parent: null },
];

export interface SearchCategory {
  value: string;
  label: string;
  children: readonly { value: string; label: string }[];
}

/** The header search box's departments, listed after the shop's own categories. */
export const SEARCH_CATEGORIES: readonly SearchCategory[] = [
  {
    value: 'fashion',
    label: 'Fashion',
    children: [
      { value: 'women', label: 'Women' },
      { value: 'men', label: 'Men' },
      { value: 'jewellery', label: 'Jewellery' },
      { value: 'kids-fashion', label: 'Kids Fashion' },
    ],
  },
  {
    value: 'electronics',
    label: 'Electronics',
    children: [
      { value: 'smart-tvs', label: 'Smart TVs' },
      { value: 'cameras', label: 'Cameras' },
      { value: 'games', label: 'Games' },
    ],
  },
  { value: 'home-garden', label: 'Home & Garden', children: [] },
  {
    value: 'motors',
    label: 'Motors',
    children: [
      { value: 'cars-and-trucks', label: 'Cars and Trucks' },
      { value: 'motorcycles-powersports', label: 'Motorcycles & Powersports' },
      { value: 'parts-accessories', label: 'Parts & Accessories' },
      { value: 'boats', label: 'Boats' },
      { value: 'auto-tools-supplies', label: 'Auto Tools & Supplies' },
    ],
  },
];
