import { createCprProtection, type CprProtection } from '../citizens';

/**
 * The keys of national login: identities are kept like CPR numbers (an HMAC to find one, AES-256-GCM
 * to read it back), and the broker's client secret is encrypted; each with keys of its own, derived
 * from CPR_ENCRYPTION_KEY.
 */
export interface NationalLoginKeys {
  identity: CprProtection;
  brokerSecret: CprProtection;
}

export function nationalLoginKeys(masterKey: Buffer): NationalLoginKeys {
  return {
    identity: createCprProtection(masterKey, 'national-identity'),
    brokerSecret: createCprProtection(masterKey, 'national-broker-secret'),
  };
}

/** The last four characters of an identity, the rest as bullets. */
export function maskIdentity(identity: string): string {
  const visible = identity.slice(-4);
  return `${'•'.repeat(Math.max(identity.length - visible.length, 4))}${visible}`;
}
