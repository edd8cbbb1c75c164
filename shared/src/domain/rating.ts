export const MAX_RATING = 5;
/** Each rating point fills 20 percent of the bar. */
export const RATING_BAR_PERCENT_PER_POINT = 20;

/** CSS width of the filled part of a rating bar, e.g. 3.5 → "70%". */
export function ratingBarWidth(rating: number): string {
  const clamped = Number.isFinite(rating) ? Math.min(MAX_RATING, Math.max(0, rating)) : 0;
  return `${Math.round(clamped * RATING_BAR_PERCENT_PER_POINT * 100) / 100}%`;
}
