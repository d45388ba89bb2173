import { describe, expect, it } from 'vitest';
import { brandOf, passesLuhn, validateCardForm, type CardFields } from './card-rules';

/* The local card form's checks, as the processor's card element makes them before anything is sent. */

const now = new Date('2027-06-15T12:00:00Z');
const filled: CardFields = {
  number: '4242 4242 4242 4242',
  expMonth: '12',
  expYear: '29',
  cvc: '123',
  postalCode: '8000',
};

describe('card form validation', () => {
  it('accepts a complete card', () => {
    expect(validateCardForm(filled, now)).toBeUndefined();
    expect(validateCardForm({ ...filled, number: '3782 822463 10005', cvc: '1234' }, now)).toBeUndefined();
  });

  const cases: [string, Partial<CardFields>, string, string][] = [
    ['an empty number', { number: '' }, 'incomplete_number', 'number'],
    ['a partly typed number', { number: '4242 4242' }, 'incomplete_number', 'number'],
    ['a number failing the check digit', { number: '4242424242424241' }, 'invalid_number', 'number'],
    ['letters in the number', { number: '4242x42424242424' }, 'invalid_number', 'number'],
    ['no expiry year', { expYear: '' }, 'incomplete_expiry', 'exp'],
    ['a one-digit year', { expYear: '2' }, 'incomplete_expiry', 'exp'],
    ['month 13', { expMonth: '13' }, 'invalid_expiry_month', 'exp_month'],
    ['a past year', { expYear: '26' }, 'invalid_expiry_year_past', 'exp_year'],
    ['a past month this year', { expMonth: '5', expYear: '2027' }, 'invalid_expiry_month_past', 'exp_month'],
    ['a year too far ahead', { expYear: '2090' }, 'invalid_expiry_year', 'exp_year'],
    ['no CVC', { cvc: '' }, 'incomplete_cvc', 'cvc'],
    ['a two-digit CVC', { cvc: '12' }, 'invalid_cvc', 'cvc'],
    ['no zip', { postalCode: ' ' }, 'incomplete_zip', 'address_zip'],
  ];
  it.each(cases)('reports %s', (_name, change, code, param) => {
    expect(validateCardForm({ ...filled, ...change }, now)).toEqual({ code, param });
  });

  it('accepts this month as expiry and reports problems in the form’s order', () => {
    expect(validateCardForm({ ...filled, expMonth: '6', expYear: '2027' }, now)).toBeUndefined();
    expect(validateCardForm({ ...filled, number: '4242', cvc: '' }, now)?.code).toBe('incomplete_number');
  });

  it('tells brands and the check digit apart', () => {
    expect(
      [
        '4242424242424242',
        '5555555555554444',
        '2223003122003222',
        '378282246310005',
        '3566002020360505',
        '6011111111111117',
      ].map(brandOf),
    ).toEqual(['visa', 'mastercard', 'mastercard', 'amex', 'jcb', 'discover']);
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
