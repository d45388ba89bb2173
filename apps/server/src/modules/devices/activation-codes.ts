import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_LENGTH,
  formatActivationCode,
  normalizeActivationCode,
} from '@homeward/contracts';

/**
 * Activation codes of watches (issue 17 "Connect a watch"): printed on the box, typed by the buyer
 * to connect the watch to their household. Stored twice: AES-256-GCM ciphertext, so staff can read
 * the code back for a label, and an HMAC-SHA256 of IMEI and code, which the connect function
 * compares. Both keys are derived (HKDF) from the deployment's data-protection key
 * (CPR_ENCRYPTION_KEY) with their own purposes, so they are independent of the CPR keys and an
 * operator still keeps one secret. Binding the hash to the IMEI makes equal codes of two watches
 * hash differently, and a leaked hash column useless without the key.
 */
export interface ActivationCodeProtection {
  /** `base64(iv).base64(tag).base64(ciphertext)` of the normalised code. */
  encrypt(code: string): string;
  /** The normalised code (`ABCDEFGH23`). */
  decrypt(stored: string): string;
  /** Hex HMAC of the IMEI and the normalised code. */
  hash(imei: string, code: string): string;
}

const IV_BYTES = 12;

function subKey(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', masterKey, Buffer.alloc(0), `homeward-activation-code-${purpose}`, 32),
  );
}

export function createActivationCodeProtection(masterKey: Buffer): ActivationCodeProtection {
  if (masterKey.length !== 32) throw new Error('The data-protection key must be 32 bytes');
  const encryptionKey = subKey(masterKey, 'encryption');
  const hashKey = subKey(masterKey, 'hash');
  return {
    encrypt(code) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const ciphertext = Buffer.concat([
        cipher.update(normalizeActivationCode(code), 'utf8'),
        cipher.final(),
      ]);
      return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64')).join('.');
    },
    decrypt(stored) {
      const [iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64'));
      if (!iv || !tag || !ciphertext) throw new Error('Unreadable activation code ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    },
    hash(imei, code) {
      return createHmac('sha256', hashKey)
        .update(`${imei}:${normalizeActivationCode(code)}`)
        .digest('hex');
    },
  };
}

/**
 * A new code: ACTIVATION_CODE_LENGTH symbols drawn uniformly (crypto `randomInt`, no modulo bias)
 * from the unambiguous alphabet, normalised (without the dash).
 */
export function generateActivationCode(): string {
  let code = '';
  for (let index = 0; index < ACTIVATION_CODE_LENGTH; index += 1) {
    code += ACTIVATION_CODE_ALPHABET[randomInt(ACTIVATION_CODE_ALPHABET.length)];
  }
  return code;
}

/** The columns of a new watch's code, and the code itself (to show once). */
export function newActivationCodeColumns(
  protection: ActivationCodeProtection,
  imei: string,
): { activationCodeEncrypted: string; activationCodeHash: string; printed: string } {
  const code = generateActivationCode();
  return {
    activationCodeEncrypted: protection.encrypt(code),
    activationCodeHash: protection.hash(imei, code),
    printed: formatActivationCode(code),
  };
}
