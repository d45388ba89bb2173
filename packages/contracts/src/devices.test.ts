import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidLuhnCheckDigit, zImei } from './devices';

/** Appends the Luhn check digit to 14 digits. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (hasValidLuhnCheckDigit(`${body}${digit}`)) return `${body}${digit}`;
  }
  throw new Error('no check digit');
}

describe('IMEI', () => {
  it('accepts a known valid IMEI and refuses it with any other last digit', () => {
    expect(zImei.safeParse('490154203237518').success).toBe(true);
    for (let digit = 0; digit <= 9; digit += 1) {
      if (digit === 8) continue;
      expect(zImei.safeParse(`49015420323751${digit}`).success).toBe(false);
    }
  });

  it('has exactly one check digit for any 14 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{14}$/), (body) => {
        const valid = [...'0123456789'].filter((digit) => hasValidLuhnCheckDigit(`${body}${digit}`));
        expect(valid).toHaveLength(1);
        expect(zImei.safeParse(withCheckDigit(body)).success).toBe(true);
      }),
    );
  });

  it('refuses wrong lengths and non-digits with the devices message key', () => {
    for (const bad of ['49015420323751', '4901542032375180', '49015420323751a', '']) {
      const result = zImei.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('devices:imeiInvalid');
    }
  });
});
