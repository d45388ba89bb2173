import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * CPR numbers at rest (spec §3 "social security number"): AES-256-GCM ciphertext for reading back,
 * and an HMAC-SHA256 for finding a citizen by the exact number and refusing a duplicate. The
 * encryption and the hash use separate keys, both derived (HKDF) from CPR_ENCRYPTION_KEY, so the
 * hash column reveals nothing about the encryption key and one variable is all an operator keeps.
 */
export interface CprProtection {
  /** `base64(iv).base64(tag).base64(ciphertext)` of the normalised number. */
  encrypt(cpr: string): string;
  decrypt(stored: string): string;
  /** Hex HMAC of the normalised number: equal numbers hash equal, within one key. */
  hash(cpr: string): string;
}

const IV_BYTES = 12;

function subKey(masterKey: Buffer, label: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `homeward-${label}-${purpose}`, 32));
}

/**
 * `label` separates the keys of other secrets kept the same way (national identities, a national-ID
 * broker's client secret): each label derives its own pair from the one master key.
 */
export function createCprProtection(masterKey: Buffer, label = 'cpr'): CprProtection {
  if (masterKey.length !== 32) throw new Error('The CPR key must be 32 bytes');
  const encryptionKey = subKey(masterKey, label, 'encryption');
  const hashKey = subKey(masterKey, label, 'hash');
  return {
    encrypt(cpr) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const ciphertext = Buffer.concat([cipher.update(cpr, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64')).join('.');
    },
    decrypt(stored) {
      const [iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64'));
      if (!iv || !tag || !ciphertext) throw new Error('Unreadable CPR ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    },
    hash(cpr) {
      return createHmac('sha256', hashKey).update(cpr).digest('hex');
    },
  };
}
