import { cardNumberLength, cvcLength, detectCardBrand, type CardBrand } from '@homeward/contracts';

/*
 * How the local card form shapes what is typed, as the processor's card element does: the number
 * grouped as printed on the card, the expiry as `MM / YY`, the security code cut to the brand's
 * length. The rules that check the card are shared with the server (@homeward/contracts
 * card-rules).
 */

export const POSTAL_CODE_MAX_LENGTH = 10;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Groups as printed on the card: American Express and Diners 4-6-5 / 4-6-4, the others fours. */
function groupsOf(brand: CardBrand): number[] {
  if (brand === 'amex') return [4, 6, 5];
  if (brand === 'diners') return [4, 6, 4];
  return [4, 4, 4, 4];
}

/** The number as the field shows it: digits only, no more than the brand has, grouped with spaces. */
export function formatCardNumber(input: string): string {
  const brand = detectCardBrand(input);
  const digits = digitsOf(input).slice(0, cardNumberLength(brand));
  const parts: string[] = [];
  let start = 0;
  for (const size of groupsOf(brand)) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * The expiry as the field shows it, `MM / YY`: a first digit above 1 can only be a month of its
 * own, so it gets its leading zero; the separator appears once the year is begun, so deleting
 * backwards never gets stuck on it. A browser's autofill may give `MM/YYYY`, which is shortened.
 */
export function formatExpiry(input: string): string {
  const autofilled = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(input);
  if (autofilled) return `${autofilled[1]!.padStart(2, '0')} / ${autofilled[2]}`;
  let digits = digitsOf(input);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The security code as the field keeps it: digits, no more than the brand has. */
export function formatCvc(input: string, brand: CardBrand): string {
  return digitsOf(input).slice(0, cvcLength(brand));
}
