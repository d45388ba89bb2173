import { describe, expect, it } from 'vitest';
import { hashPhoneCode, isPhoneCode, newPhoneCode } from './phone-code';

describe('phone sign-in codes', () => {
  it('are six digits', () => {
    for (let i = 0; i < 50; i++) expect(newPhoneCode()).toMatch(/^\d{6}$/);
  });

  it('are stored only as a salted hash that proves the code and nothing else', async () => {
    const stored = await hashPhoneCode('012345');
    expect(stored).not.toContain('012345');
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(await isPhoneCode(stored, '012345')).toBe(true);
    expect(await isPhoneCode(stored, '012346')).toBe(false);
    // The same code twice gets two different hashes (a salt each).
    expect(await hashPhoneCode('012345')).not.toBe(stored);
  });

  it('refuses a malformed stored value instead of throwing', async () => {
    expect(await isPhoneCode('nonsense', '012345')).toBe(false);
  });
});
