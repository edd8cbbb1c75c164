/**
 * What only the eleven layouts besides the default one draw: their stylesheet (with the gallery
 * styles only they use) and the sidebar. A chunk of its own (productLayoutVariants.ts).
 */
import './layoutVariants.css';

export { ProductSidebar } from './ProductSidebar';
