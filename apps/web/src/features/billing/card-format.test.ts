import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { passesLuhn, toCardDetails, validateCard } from '@homeward/contracts';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

// 15 June 2026 (UTC): the processor's calendar.
const NOW = new Date(Date.UTC(2026, 5, 15, 12));

describe('formatCardNumber', () => {
  it('groups the digits in fours and drops anything else', () => {
    expect(formatCardNumber('4242-4242 42x42')).toBe('4242 4242 4242');
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242');
  });

  it('groups American Express 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('3782822463100059')).toBe('3782 822463 10005');
  });
});

describe('formatExpiry', () => {
  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['1230', '12 / 30'],
    ['12309', '12 / 30'],
    ['4', '04'],
    ['427', '04 / 27'],
    ['0', '0'],
    ['12 / ', '12'],
    ['08/2030', '08 / 30'],
    ['8/2030', '08 / 30'],
  ])('shapes %j as %j', (typed, shown) => expect(formatExpiry(typed)).toBe(shown));
});

describe('formatCvc', () => {
  it('keeps as many digits as the brand has', () => {
    expect(formatCvc('12a34', 'visa')).toBe('123');
    expect(formatCvc('12a34', 'amex')).toBe('1234');
  });
});

describe('the shaped card', () => {
  it('hands on only cards whose number passes the check digit and whose expiry is ahead', () => {
    const typed = fc.record({
      number: fc.stringMatching(/^[0-9 ]{0,20}$/).map(formatCardNumber),
      expiry: fc.stringMatching(/^[0-9]{0,4}$/).map(formatExpiry),
      cvc: fc.stringMatching(/^[0-9]{0,4}$/),
      postalCode: fc.string({ maxLength: 10 }),
    });
    fc.assert(
      fc.property(typed, (input) => {
        if (Object.keys(validateCard(input, NOW)).length > 0) return;
        const card = toCardDetails(input);
        expect(passesLuhn(card.number)).toBe(true);
        expect(Number(card.expMonth)).toBeGreaterThanOrEqual(1);
        expect(Number(card.expMonth)).toBeLessThanOrEqual(12);
        expect(Number(card.expYear) * 12 + Number(card.expMonth)).toBeGreaterThanOrEqual(2026 * 12 + 6);
        expect(card.postalCode).not.toBe('');
      }),
    );
  });
});
