import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStorableText, toStorableText, unstorableTextOf } from './storable-text';

describe('text PostgreSQL can store', () => {
  it('names NUL and unpaired surrogates, and passes paired ones', () => {
    expect(unstorableTextOf('plain')).toBeNull();
    expect(unstorableTextOf('a\0b')).toBe('nul');
    expect(unstorableTextOf('\uD800')).toBe('loneSurrogate');
    expect(unstorableTextOf('x\uDC00')).toBe('loneSurrogate');
    expect(unstorableTextOf('emoji \uD83D\uDE00')).toBeNull();
    expect(unstorableTextOf('\uD83D\uDE00\uD800')).toBe('loneSurrogate');
  });

  it('agrees with a round trip through UTF-8 for any string without NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const roundTrips = Buffer.from(text, 'utf8').toString('utf8') === text;
        expect(isStorableText(text)).toBe(roundTrips && !text.includes('\0'));
      }),
    );
  });
});

describe('toStorableText', () => {
  it('keeps what can be stored and marks the rest', () => {
    expect(toStorableText('ab\0c\uD800')).toBe('ab\uFFFDc\uFFFD');
    expect(toStorableText('emoji \uD83D\uDE00')).toBe('emoji \uD83D\uDE00');
  });
});
