import type { Picture } from '@storefront/shared';

/** The pictures of `colour` when some show it; all of them otherwise (no colour chosen, or none of its own). */
export function picturesOfColour(pictures: readonly Picture[], colour: string | null | undefined): readonly Picture[] {
  const own = colour ? pictures.filter((picture) => picture.colour === colour) : [];
  return own.length > 0 ? own : pictures;
}
