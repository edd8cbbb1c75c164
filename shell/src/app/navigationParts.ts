/**
 * What the shell needs once the shopper moves from the page they arrived on: each page's title
 * and description, and focus moved to the new page. One later chunk (layout/laterParts.ts).
 */
export { PageMetaEffects } from './pageMeta';
export { RouteFocus } from './useRouteFocus';
