import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACTIVATION_CODE_ALPHABET, isActivationCodeShape } from '@homeward/contracts';
import {
  createActivationCodeProtection,
  generateActivationCode,
  newActivationCodeColumns,
} from './activation-codes';

const KEY = randomBytes(32);

describe('activation codes', () => {
  it('are ten symbols of the unambiguous alphabet, drawn from every symbol', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 500; index += 1) {
      const code = generateActivationCode();
      expect(isActivationCodeShape(code), code).toBe(true);
      for (const symbol of code) seen.add(symbol);
    }
    expect(seen.size).toBe(ACTIVATION_CODE_ALPHABET.length);
  });

  it('are stored encrypted (readable back, different ciphertext each time) with a hash bound to the IMEI', () => {
    const protection = createActivationCodeProtection(KEY);
    const code = 'K7MZQ4RT9W';
    const [first, second] = [protection.encrypt(code), protection.encrypt(code)];
    expect(first).not.toBe(second);
    expect(first).not.toContain(code);
    expect(protection.decrypt(first)).toBe(code);
    expect(protection.hash('490154203237518', 'k7mzq-4rt9w')).toBe(protection.hash('490154203237518', code));
    expect(protection.hash('356938035643809', code)).not.toBe(protection.hash('490154203237518', code));
    expect(createActivationCodeProtection(randomBytes(32)).hash('490154203237518', code)).not.toBe(
      protection.hash('490154203237518', code),
    );
  });

  it('refuse a ciphertext changed at rest', () => {
    const protection = createActivationCodeProtection(KEY);
    const [iv, tag, data] = protection.encrypt('K7MZQ4RT9W').split('.');
    const tampered = Buffer.from(data!, 'base64');
    tampered[0] = tampered[0]! ^ 1;
    expect(() => protection.decrypt([iv, tag, tampered.toString('base64')].join('.'))).toThrow();
  });

  it('give a new watch its columns and the printed code', () => {
    const protection = createActivationCodeProtection(KEY);
    const columns = newActivationCodeColumns(protection, '490154203237518');
    expect(columns.printed).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
    expect(protection.decrypt(columns.activationCodeEncrypted)).toBe(columns.printed.replace('-', ''));
    expect(columns.activationCodeHash).toBe(protection.hash('490154203237518', columns.printed));
  });
});
