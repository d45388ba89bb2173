import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_CODE_ALPHABET,
  formatActivationCode,
  isActivationCodeShape,
  zActivationCode,
  zConnectDeviceRequest,
} from './device-connection';

describe('activation codes', () => {
  it('use no character a reader confuses', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'L'])
      expect(ACTIVATION_CODE_ALPHABET).not.toContain(ambiguous);
    expect(new Set(ACTIVATION_CODE_ALPHABET).size).toBe(ACTIVATION_CODE_ALPHABET.length);
    // Ten symbols of 31 are at least 40 bits.
    expect(10 * Math.log2(ACTIVATION_CODE_ALPHABET.length)).toBeGreaterThan(40);
  });

  it('accept what a person types: lower case, spaces, dashes', () => {
    expect(zActivationCode.parse(' k7mzq-4rt9w ')).toBe('K7MZQ4RT9W');
    expect(zActivationCode.parse('K7MZQ 4RT9W')).toBe('K7MZQ4RT9W');
    expect(formatActivationCode('K7MZQ4RT9W')).toBe('K7MZQ-4RT9W');
  });

  it('refuse a wrong shape with the format message', () => {
    for (const typed of ['K7MZQ-4RT9', 'K7MZQ-4RT9WW', 'O7MZQ-4RT9W', 'K7MZQ-4RT1W', 'x'.repeat(1000)]) {
      const result = zActivationCode.safeParse(typed);
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('devices:activationCodeFormat');
    }
    expect(isActivationCodeShape('K7MZQ4RT9W')).toBe(true);
  });

  it('are part of the connect request with an IMEI and a name', () => {
    const parsed = zConnectDeviceRequest.safeParse({
      imei: '490154203237518',
      activationCode: 'k7mzq-4rt9w',
      name: '  Dad’s watch ',
    });
    expect(parsed.data).toEqual({
      imei: '490154203237518',
      activationCode: 'K7MZQ4RT9W',
      name: 'Dad’s watch',
    });
  });
});
