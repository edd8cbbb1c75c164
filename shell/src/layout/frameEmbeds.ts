/**
 * The other remotes' modules the shell's frame draws: the cart team's wishlist and cart buttons,
 * with their counts and dropdowns, in the header. The server bundle names them (server.tsx's
 * `embeds`) so the edge loads them before it draws a frame.
 */
export const HEADER_LISTS = { remote: 'mfe-cart', module: 'HeaderLists' } as const;

export const FRAME_EMBEDS = [HEADER_LISTS] as const;
