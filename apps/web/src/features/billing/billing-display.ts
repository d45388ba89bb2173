import { formatMoney } from '@homeward/contracts';

/*
 * How the billing screen writes dates and amounts. Billing periods begin and end at midnight UTC
 * (the processor's clock), so dates are written in UTC: a period from 1 July never reads as
 * 30 June west of Greenwich.
 */

export function formatBillingDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** `1 Jul 2026 – 1 Aug 2026`, the way the invoice names its period. */
export function formatBillingPeriod(start: string, end: string, language: string): string {
  return `${formatBillingDate(start, language)} – ${formatBillingDate(end, language)}`;
}

/** An amount in minor units with its currency (`DKK 99.00`, `99,00 kr.`). */
export function formatAmount(minor: number, currency: string, language: string): string {
  return formatMoney(minor, currency.toUpperCase(), language);
}

/** A card's expiry as printed on it: `MM/YY`. */
export function formatCardExpiry(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}
