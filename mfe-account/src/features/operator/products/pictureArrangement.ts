import type { OperatorPicture, PictureArrangement } from './productsApi';

/** The file types the api makes pictures of (no SVG: it could carry script). */
export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
export const PICTURE_MAX_BYTES = 20 * 1024 * 1024;

/** A picture as the list arranges it before it is saved: `position` is where the api has it now. */
export interface ArrangedPicture extends OperatorPicture {
  /** The colour chosen here, "" for every colour. */
  colourChoice: string;
}

export function arrangedFrom(pictures: readonly OperatorPicture[]): ArrangedPicture[] {
  return pictures.map((picture) => ({ ...picture, colourChoice: picture.colour ?? '' }));
}

/**
 * The api's list after a picture was added while this one has changes not saved yet: the
 * arrangement here stays (order, colours, alt texts, removals), each picture's state comes from
 * the api, and a picture the api has that this list never had (the one just added) goes last.
 */
export function mergeArrangement(arranged: readonly ArrangedPicture[], known: readonly OperatorPicture[], pictures: readonly OperatorPicture[]): ArrangedPicture[] {
  const byPosition = new Map(pictures.map((picture) => [picture.position, picture]));
  const wasKnown = new Set(known.map((picture) => picture.position));
  const kept = arranged.flatMap((item) => {
    const now = byPosition.get(item.position);
    return now ? [{ ...now, colour: item.colour, alt: item.alt, colourChoice: item.colourChoice }] : [];
  });
  const added = pictures.filter((picture) => !wasKnown.has(picture.position));
  return [...kept, ...arrangedFrom(added)];
}

/** Moves the picture at `index` by `step` (−1 up, +1 down); the list as it was when it cannot move. */
export function movePicture(arranged: readonly ArrangedPicture[], index: number, step: -1 | 1): ArrangedPicture[] {
  const to = index + step;
  if (index < 0 || to < 0 || to >= arranged.length) return [...arranged];
  const next = [...arranged];
  const [moving] = next.splice(index, 1);
  if (moving) next.splice(to, 0, moving);
  return next;
}

/** The body of PUT …/pictures: the pictures in their new order, each by its current position. */
export function arrangementBody(arranged: readonly ArrangedPicture[]): PictureArrangement {
  return arranged.map((picture) => ({ position: picture.position, colour: picture.colourChoice || null, alt: picture.alt.trim() }));
}

/** True when the list differs from the api's: moved, removed, or a colour or alt text changed. */
export function arrangementChanged(arranged: readonly ArrangedPicture[], pictures: readonly OperatorPicture[]): boolean {
  if (arranged.length !== pictures.length) return true;
  return arranged.some((item, index) => {
    const saved = pictures[index];
    return !saved || saved.position !== item.position || (saved.colour ?? '') !== item.colourChoice || saved.alt !== item.alt.trim();
  });
}
