import { describe, expect, it } from 'vitest';
import { createDeviceSecret, hashDeviceSecret, verifyDeviceSecret } from './device-secret';

describe('device secrets', () => {
  it('verifies the secret it hashed and nothing else', async () => {
    const secret = createDeviceSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await hashDeviceSecret(secret);
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain(secret);
    expect(await verifyDeviceSecret(secret, stored)).toBe(true);
    expect(await verifyDeviceSecret(`${secret}x`, stored)).toBe(false);
    expect(await verifyDeviceSecret('', stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashDeviceSecret('same')).not.toBe(await hashDeviceSecret('same'));
  });

  it('answers false, never throws, for malformed or tampered hashes', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$1$8$1$c2FsdA$aGFzaA',
      'scrypt$16384$8$1$$',
      'bcrypt$16384$8$1$a$b',
      'scrypt$1048576000$8$1$c2FsdA$' + 'A'.repeat(43),
    ]) {
      expect(await verifyDeviceSecret('secret', stored)).toBe(false);
    }
  });
});
