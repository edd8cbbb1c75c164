/**
 * What only some shop layouts draw: the boxed layouts' banners, the filter dropdowns and the
 * infinite list. A chunk of its own (shopLayoutParts.ts): /shop itself and most layouts never
 * load it.
 */
export { BannerImage, BannerSlider } from './Banners';
export { FilterDropdowns } from './FilterDropdowns';
export { InfiniteResults } from './InfiniteResults';
