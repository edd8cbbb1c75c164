export const RANDOM_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
export const RANDOM_ID_LENGTH = 10;

/** Fills a buffer with random bytes; tests hand in their own to pin the output. */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoBytes: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/** Random id from the 36-character lowercase alphanumeric alphabet. */
export function randomId(length: number = RANDOM_ID_LENGTH, randomValues: RandomBytes = cryptoBytes): string {
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
