export const RANDOM_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
export const RANDOM_ID_LENGTH = 10;

/** Random id from the 36-character lowercase alphanumeric alphabet (§9). */
export function randomId(length: number = RANDOM_ID_LENGTH, randomValues: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`length must be a whole number ≥ 0, got ${length}`);
  let id = '';
  // Rejection sampling: 252 is the largest multiple of 36 below 256, so every character is equally likely.
  while (id.length < length) {
    for (const byte of randomValues(new Uint8Array(length))) {
      if (byte < 252 && id.length < length) id += RANDOM_ID_ALPHABET[byte % 36];
    }
  }
  return id;
}
