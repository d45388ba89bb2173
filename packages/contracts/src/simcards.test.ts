import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidLuhnCheckDigit } from './devices';
import { fieldErrorsOf, installValidationMessages } from './validation';
import {
  isValidIccid,
  zDeactivateSimcardsRequest,
  zPairSimcardsRequest,
  zSaveSimcardRequest,
  zSimcardMsisdnParams,
} from './simcards';

installValidationMessages();

/** `body` with its Luhn check digit appended. */
function withCheckDigit(body: string): string {
  return [...'0123456789'].map((digit) => `${body}${digit}`).find(hasValidLuhnCheckDigit)!;
}

describe('ICCIDs', () => {
  it('accepts 19 and 20 digits whose last digit is the Luhn check digit', () => {
    expect(isValidIccid('8945012345678901235')).toBe(true);
    expect(isValidIccid('89450123456789012348')).toBe(true);
    expect(isValidIccid('8945 0123 4567 8901 235')).toBe(true);
    expect(isValidIccid('8945-0123-4567-8901-235')).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and other characters', () => {
    expect(isValidIccid('8945012345678901236')).toBe(false);
    expect(isValidIccid('89450123456789012349')).toBe(false);
    expect(isValidIccid(withCheckDigit('89450123456789012'))).toBe(false); // 18 digits
    expect(isValidIccid(withCheckDigit('894501234567890123456'))).toBe(false); // 22 digits
    expect(isValidIccid('894501234567890123F')).toBe(false);
    expect(isValidIccid('')).toBe(false);
  });

  it('accepts every 19- and 20-digit number with its check digit, and no other last digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{18,19}$/), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const valid = withCheckDigit(body);
        const wrong = `${body}${(Number(valid.at(-1)) + shift) % 10}`;
        expect(isValidIccid(valid)).toBe(true);
        expect(isValidIccid(wrong)).toBe(false);
      }),
    );
  });
});

describe('saving a SIM card', () => {
  it('parses the ICCID to its digits and the MSISDN to E.164', () => {
    const parsed = zSaveSimcardRequest.parse({ iccid: ' 8945 0123 4567 8901 235 ', msisdn: '20 30 40 50' });
    expect(parsed).toEqual({ iccid: '8945012345678901235', msisdn: '+4520304050', operator: '', note: '' });
    expect(zSimcardMsisdnParams.parse({ msisdn: '0046701234567' }).msisdn).toBe('+46701234567');
  });

  it('names the field and the reason of every refusal', () => {
    const result = zSaveSimcardRequest.safeParse({
      iccid: '8945012345678901236',
      msisdn: 'call me',
      operator: 'x'.repeat(65),
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual([
      { field: 'iccid', message: 'simcards:iccidInvalid' },
      { field: 'msisdn', message: 'simcards:msisdnInvalid' },
      { field: 'operator', message: 'validation.maxLength', params: { count: 64 } },
    ]);
  });

  it('asks for an ICCID and an MSISDN', () => {
    const result = zSaveSimcardRequest.safeParse({ iccid: '', msisdn: '' });
    expect(fieldErrorsOf(result.error!).map((error) => error.message)).toEqual([
      'validation.required',
      'validation.required',
    ]);
  });
});

describe('batch requests', () => {
  it('wants something to deactivate', () => {
    const result = zDeactivateSimcardsRequest.safeParse({});
    expect(fieldErrorsOf(result.error!)).toEqual([{ field: 'ids', message: 'simcards:nothingToDeactivate' }]);
  });

  it('leaves the pairing rows’ format to the per-row report, but limits their number', () => {
    expect(zPairSimcardsRequest.safeParse({ rows: [{ iccid: 'bad', imei: 'bad' }] }).success).toBe(true);
    const many = Array.from({ length: 1001 }, () => ({ iccid: '', imei: '' }));
    expect(zPairSimcardsRequest.safeParse({ rows: many }).success).toBe(false);
  });
});
