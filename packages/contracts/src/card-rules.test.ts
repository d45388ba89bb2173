import { describe, expect, it } from 'vitest';
import {
  CARD_FIELDS,
  detectCardBrand,
  knownCardBrand,
  passesLuhn,
  toCardDetails,
  validateCard,
  validateCardNumber,
  validateCvc,
  validateExpiry,
  validatePostalCode,
  type CardInput,
} from './card-rules';

// 15 June 2026 (UTC): the processor's calendar.
const NOW = new Date(Date.UTC(2026, 5, 15, 12));
const codeOf = (error: { code: string } | undefined) => error?.code;

describe('passesLuhn', () => {
  it.each([
    '4242424242424242',
    '5555555555554444',
    '378282246310005',
    '4000000000000002',
    '3566002020360505',
  ])('accepts the test card %s', (number) => expect(passesLuhn(number)).toBe(true));

  it.each(['4242424242424241', '5555555555554445', '1234567812345678', '', '4242 4242 4242 4242'])(
    'refuses %j',
    (number) => expect(passesLuhn(number)).toBe(false),
  );

  it('refuses every single-digit change of a valid number', () => {
    const valid = '4242424242424242';
    for (let index = 0; index < valid.length; index++) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === valid[index]) continue;
        const changed = `${valid.slice(0, index)}${digit}${valid.slice(index + 1)}`;
        expect(passesLuhn(changed), changed).toBe(false);
      }
    }
  });
});

describe('detectCardBrand', () => {
  it.each([
    ['4', 'visa'],
    ['4242424242424242', 'visa'],
    ['55', 'mastercard'],
    ['5105 1051 0510 5100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720 9999', 'mastercard'],
    ['34', 'amex'],
    ['378282246310005', 'amex'],
    ['3566002020360505', 'jcb'],
    ['6011', 'discover'],
    ['6011111111111117', 'discover'],
    ['65', 'discover'],
    ['36', 'diners'],
    ['3566', 'jcb'],
    ['62', 'unionpay'],
  ] as const)('tells %j is %s', (number, brand) => expect(detectCardBrand(number)).toBe(brand));

  it.each(['', '5', '2', '22', '272', '2721', '3', '1234', '56'])('does not know %j yet', (number) => {
    expect(detectCardBrand(number)).toBe('unknown');
  });
});

describe('knownCardBrand', () => {
  it('keeps the brands the processor names and makes anything else unknown', () => {
    expect(knownCardBrand('amex')).toBe('amex');
    expect(knownCardBrand('cartes_bancaires')).toBe('unknown');
    expect(knownCardBrand(null)).toBe('unknown');
    expect(knownCardBrand(undefined)).toBe('unknown');
  });
});

describe('validateCardNumber', () => {
  it.each(['', '4242', '4242 4242', '4242 4242 4242 424', '3782 822463 1000'])(
    'finds %j incomplete',
    (number) => {
      expect(validateCardNumber(number)).toEqual({ code: 'incomplete_number', param: 'number' });
    },
  );

  it.each(['4242 4242 4242 4241', '4242424242424241', '3782 822463 10006'])(
    'finds %j invalid (check digit)',
    (number) => {
      expect(validateCardNumber(number)).toEqual({ code: 'invalid_number', param: 'number' });
    },
  );

  it('finds letters in the number invalid', () => {
    expect(validateCardNumber('4242x42424242424')).toEqual({ code: 'invalid_number', param: 'number' });
  });

  it.each(['4242 4242 4242 4242', '5555 5555 5555 4444', '3782 822463 10005'])('accepts %j', (number) => {
    expect(validateCardNumber(number)).toBeUndefined();
  });
});

describe('validateExpiry', () => {
  it.each(['', '1', '12', '12 / 2', '12 / 3'])('finds %j incomplete', (expiry) => {
    expect(validateExpiry(expiry, NOW)).toEqual({ code: 'incomplete_expiry', param: 'exp' });
  });

  it.each(['13', '00', '13 / 30', '00 / 3'])(
    'finds the month of %j invalid as soon as it is typed',
    (expiry) => {
      expect(validateExpiry(expiry, NOW)).toEqual({ code: 'invalid_expiry_month', param: 'exp_month' });
    },
  );

  it('finds a year before this one in the past', () => {
    expect(validateExpiry('12 / 25', NOW)).toEqual({ code: 'invalid_expiry_year_past', param: 'exp_year' });
  });

  it('finds an earlier month of this year a date in the past, and this month still valid', () => {
    expect(validateExpiry('05 / 26', NOW)).toEqual({
      code: 'invalid_expiry_month_past',
      param: 'exp_month',
    });
    expect(validateExpiry('06 / 26', NOW)).toBeUndefined();
  });

  it('finds a year more than 50 years ahead invalid', () => {
    expect(validateExpiry('01 / 77', NOW)).toEqual({ code: 'invalid_expiry_year', param: 'exp_year' });
    expect(codeOf(validateExpiry('12 / 90', NOW))).toBe('invalid_expiry_year');
    expect(validateExpiry('12 / 76', NOW)).toBeUndefined();
  });

  it('uses the UTC calendar, as the processor does', () => {
    // 1 January 2027 00:30 in Copenhagen is still 31 December 2026 in UTC.
    expect(validateExpiry('12 / 26', new Date(Date.UTC(2026, 11, 31, 23, 30)))).toBeUndefined();
  });
});

describe('validateCvc', () => {
  it('finds an empty code incomplete and one of the wrong length for the brand invalid', () => {
    expect(validateCvc('', 'visa')).toEqual({ code: 'incomplete_cvc', param: 'cvc' });
    expect(validateCvc('12', 'visa')).toEqual({ code: 'invalid_cvc', param: 'cvc' });
    expect(codeOf(validateCvc('1234', 'visa'))).toBe('invalid_cvc');
    expect(codeOf(validateCvc('123', 'amex'))).toBe('invalid_cvc');
    expect(validateCvc('123', 'visa')).toBeUndefined();
    expect(validateCvc('1234', 'amex')).toBeUndefined();
  });
});

describe('validatePostalCode', () => {
  it('finds an empty or blank code incomplete', () => {
    expect(codeOf(validatePostalCode(''))).toBe('incomplete_zip');
    expect(validatePostalCode('  ')).toEqual({ code: 'incomplete_zip', param: 'address_zip' });
    expect(validatePostalCode('8000')).toBeUndefined();
  });
});

const GOOD: CardInput = {
  number: '4242 4242 4242 4242',
  expiry: '12 / 30',
  cvc: '123',
  postalCode: ' 8000 ',
};

describe('validateCard', () => {
  it('finds nothing wrong with a good card, and hands it on as the processor takes it', () => {
    expect(validateCard(GOOD, NOW)).toEqual({});
    expect(toCardDetails(GOOD)).toEqual({
      number: '4242424242424242',
      expMonth: '12',
      expYear: '2030',
      cvc: '123',
      postalCode: '8000',
    });
  });

  it('reports each field its own problem', () => {
    expect(validateCard({ number: '4242', expiry: '13', cvc: '', postalCode: '' }, NOW)).toEqual({
      number: { code: 'incomplete_number', param: 'number' },
      expiry: { code: 'invalid_expiry_month', param: 'exp_month' },
      cvc: { code: 'incomplete_cvc', param: 'cvc' },
      postalCode: { code: 'incomplete_zip', param: 'address_zip' },
    });
  });

  it('reports the problems in the form’s order', () => {
    const found = validateCard({ ...GOOD, number: '4242', cvc: '' }, NOW);
    expect(CARD_FIELDS.filter((field) => found[field])).toEqual(['number', 'cvc']);
  });

  it('checks the CVC against the brand of the number', () => {
    expect(validateCard({ ...GOOD, number: '3782 822463 10005', cvc: '123' }, NOW).cvc?.code).toBe(
      'invalid_cvc',
    );
    expect(validateCard({ ...GOOD, number: '3782 822463 10005', cvc: '1234' }, NOW)).toEqual({});
  });
});
