import { randomBytes } from 'node:crypto';
import { hasValidLuhnCheckDigit } from '@homeward/contracts';

/** Every SIM card permission. */
export const SIMCARD_PERMISSIONS = [
  'Homeward.SimCards',
  'Homeward.SimCards.Create',
  'Homeward.SimCards.Edit',
  'Homeward.SimCards.Deactivate',
  'Homeward.SimCards.BatchUpload',
];

/** `body` with its Luhn check digit appended. */
export function withCheckDigit(body: string): string {
  return [...'0123456789'].map((digit) => `${body}${digit}`).find(hasValidLuhnCheckDigit)!;
}

/** A valid 19-digit ICCID (Danish prefix 8945), different on every call. */
export function randomIccid(): string {
  const digits = Array.from(randomBytes(14), (byte) => String(byte % 10)).join('');
  return withCheckDigit(`8945${digits}`);
}

/** A valid Danish mobile number in E.164, different on (almost) every call. */
export function randomMsisdn(): string {
  return `+452${String(randomBytes(4).readUInt32BE(0) % 10_000_000).padStart(7, '0')}`;
}

/** CSV text with a header and one line per SIM. */
export function simcardCsv(
  rows: { iccid: string; msisdn: string; operator?: string; note?: string }[],
): string {
  return [
    'iccid,msisdn,operator,note',
    ...rows.map((row) => `${row.iccid},${row.msisdn},${row.operator ?? ''},${row.note ?? ''}`),
  ].join('\n');
}
