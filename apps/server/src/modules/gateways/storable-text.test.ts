import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DEVICE_TEXT_LENGTH, unstorableTextIn } from './storable-text';

describe('unstorableTextIn', () => {
  it('finds a NUL in a value, a key, a query parameter and deep in nested JSON, and names where', () => {
    expect(unstorableTextIn({ device_id: '12\u00003' })).toBe('device_id contains a NUL character');
    expect(unstorableTextIn({ location: { extras: { 'a\u0000': 1 } } })).toBe(
      'a key in location.extras contains a NUL character',
    );
    expect(unstorableTextIn(new URLSearchParams('id=%00&lat=1'))).toBe('id contains a NUL character');
    expect(unstorableTextIn(new URLSearchParams('a%00b=1'))).toBe(
      'a parameter name contains a NUL character',
    );
    expect(unstorableTextIn([[[{ cells: ['x', ['\u0000']] }]]])).toBe('cells contains a NUL character');
  });

  it('finds unpaired surrogates and absurd lengths, and accepts paired surrogates', () => {
    expect(unstorableTextIn({ name: 'a\ud800b' })).toMatch(/^name contains an unpaired surrogate/);
    expect(unstorableTextIn({ name: '\udc00' })).toMatch(/unpaired surrogate/);
    expect(unstorableTextIn({ name: 'x'.repeat(MAX_DEVICE_TEXT_LENGTH + 1) })).toBe(
      `name is longer than ${MAX_DEVICE_TEXT_LENGTH} characters`,
    );
    expect(unstorableTextIn({ name: 'Wi-Fi 📶 Æblegård', n: 1, ok: true, none: null })).toBeNull();
  });

  it('walks a body nested far deeper than the stack allows recursion', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`) as unknown;
    expect(unstorableTextIn(deep)).toBe('the input contains a NUL character');
  });

  it('agrees with a direct check on any JSON value', () => {
    const wellFormed = (text: string) => {
      for (let index = 0; index < text.length; index += 1) {
        const code = text.charCodeAt(index);
        const next = text.charCodeAt(index + 1);
        if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) index += 1;
        else if (code >= 0xd800 && code <= 0xdfff) return false;
      }
      return true;
    };
    const storable = (text: string) =>
      !text.includes('\u0000') && text.length <= MAX_DEVICE_TEXT_LENGTH && wellFormed(text);
    // Mostly ordinary characters, with NULs, halves of a surrogate pair and whole pairs among them.
    const unit = fc.oneof(
      { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: fc.constantFrom('\u0000', '\ud83d', '\ude00', '😀') },
    );
    const allStrings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? value.flatMap(allStrings)
          : typeof value === 'object' && value !== null
            ? Object.entries(value).flatMap(([key, item]) => [key, ...allStrings(item)])
            : [];
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string({ unit }), (value, extra) => {
        const input = { value, extra };
        const expected = allStrings(input).every(storable);
        expect(unstorableTextIn(input) === null).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
