import { RANDOM_ID_ALPHABET, randomId } from './randomId';

describe('randomId', () => {
  it('is 10 lowercase alphanumeric characters by default', () => {
    const id = randomId();
    expect(id).toMatch(/^[0-9a-z]{10}$/);
  });

  it('takes a length', () => {
    expect(randomId(24)).toHaveLength(24);
    expect(randomId(0)).toBe('');
  });

  it('uses the 36-character alphabet', () => {
    expect(RANDOM_ID_ALPHABET).toHaveLength(36);
    expect(new Set(RANDOM_ID_ALPHABET).size).toBe(36);
  });

  it('maps bytes onto the alphabet and skips biased bytes', () => {
    const bytes = [255, 0, 35, 36, 253];
    const source = (buffer: Uint8Array) => {
      buffer.forEach((_, i) => { buffer[i] = bytes.shift() ?? 1; });
      return buffer;
    };
    expect(randomId(4, source)).toBe('0z01');
  });

  it('rarely repeats', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId()));
    expect(ids.size).toBe(1000);
  });

  it('rejects a negative length', () => {
    expect(() => randomId(-1)).toThrow(RangeError);
  });
});
