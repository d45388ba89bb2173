import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber, storedPhoneNumberForms } from './phone-numbers';

describe('normalizePhoneNumber', () => {
  it.each([
    ['20304050', '+4520304050'],
    ['20 30 40 50', '+4520304050'],
    ['+45 20 30 40 50', '+4520304050'],
    ['004520304050', '+4520304050'],
    ['4520304050', '+4520304050'],
    ['+46 (70) 123-45-67', '+46701234567'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '1234',
    '+0123456789',
    'abc20304050',
    '2030\u00004050',
    '1'.repeat(40),
    '+1234567890123456',
  ])('refuses %j', (input) => {
    expect(normalizePhoneNumber(input)).toBeNull();
  });
});

describe('storedPhoneNumberForms', () => {
  it('covers the national form of the default country', () => {
    expect(storedPhoneNumberForms('+4520304050')).toEqual([
      '4520304050',
      '+4520304050',
      '004520304050',
      '20304050',
    ]);
  });

  it('has no national form for other countries', () => {
    expect(storedPhoneNumberForms('+46701234567')).toEqual(['46701234567', '+46701234567', '0046701234567']);
  });
});
