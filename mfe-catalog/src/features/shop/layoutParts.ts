/**
 * What only some shop pages draw: the boxed layouts' banners, the filter dropdowns, the infinite
 * list, and the chips of the filters in use, with their stylesheet. A chunk of its own
 * (shopLayoutParts.ts): /shop itself, unfiltered, never loads it.
 */
import './layoutParts.css';

export { ActiveFilterChips } from './ActiveFilterChips';
export { BannerImage, BannerSlider } from './Banners';
export { FilterDropdowns } from './FilterDropdowns';
export { InfiniteResults } from './InfiniteResults';
