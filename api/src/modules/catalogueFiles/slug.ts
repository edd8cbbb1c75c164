/**
 * A name as an address or id: lower case, accents dropped, "&" read as "and", runs of anything
 * else one hyphen ("Apparel & Accessories" is apparel-and-accessories); `fallback` when nothing is left.
 */
export function slugOf(name: string, fallback: string, maxLength = 80): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, maxLength)
      .replace(/-$/, '') || fallback
  );
}
