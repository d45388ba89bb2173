import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hasher';

describe('password hasher', () => {
  it('stores argon2id hashes that verify only the right password', async () => {
    const stored = await hashPassword('Homeward!Demo1');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(stored).not.toContain('Homeward!Demo1');
    expect(await verifyPassword(stored, 'Homeward!Demo1')).toBe(true);
    expect(await verifyPassword(stored, 'homeward!Demo1')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Same-Password1')).not.toBe(await hashPassword('Same-Password1'));
  });

  it('answers false for missing or malformed hashes instead of throwing', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
