import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCprProtection } from './cpr-protection';

describe('CPR protection', () => {
  const protection = createCprProtection(randomBytes(32));

  it('encrypts with a fresh nonce each time and reads the number back', () => {
    const first = protection.encrypt('010245-1234');
    const second = protection.encrypt('010245-1234');
    expect(first).not.toBe(second);
    expect(first).not.toContain('1234');
    expect(protection.decrypt(first)).toBe('010245-1234');
  });

  it('refuses a tampered ciphertext', () => {
    const [iv, tag, ciphertext] = protection.encrypt('010245-1234').split('.');
    const flipped = Buffer.from(ciphertext!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => protection.decrypt([iv, tag, flipped.toString('base64')].join('.'))).toThrow();
  });

  it('hashes equal numbers equally, and differently under another key', () => {
    expect(protection.hash('010245-1234')).toBe(protection.hash('010245-1234'));
    expect(protection.hash('010245-1234')).not.toBe(protection.hash('010245-1235'));
    expect(createCprProtection(randomBytes(32)).hash('010245-1234')).not.toBe(protection.hash('010245-1234'));
  });
});
