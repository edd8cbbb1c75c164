/**
 * What only the sidebar layouts (`left-sidebar`, `right-sidebar`) draw: the short list of related
 * products and the shopping notes. A chunk of its own (productSidebar.ts): the other ten layouts
 * never load it.
 */
export { RelatedList } from '../related/RelatedList';
export { TrustNotes } from '../trust/TrustNotes';
