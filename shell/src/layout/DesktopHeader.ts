/**
 * What only a desktop's header draws, one chunk of its own (laterParts.ts): the main menu and the
 * search box that stands in for the catalog's until the shopper reaches for it. A desktop's
 * index.html preloads it and its first render waits for it; a phone never loads it.
 */
export { DesktopNav } from './DesktopNav';
export { HeaderSearchSlot } from './HeaderSearchSlot';
