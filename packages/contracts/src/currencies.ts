import { z } from 'zod';

/**
 * Currencies a price or a customer may be in (ISO 4217). Money is always an integer of the
 * currency's minor unit (øre, cent), so every one here has two decimals.
 */
export const CURRENCIES = ['DKK', 'SEK', 'NOK', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'DKK';
export const CURRENCY_MINOR_DIGITS = 2;

export const zCurrency = z.enum(CURRENCIES);

/** GET /api/currencies. */
export const zCurrencyListResponse = z.object({
  items: z.array(z.object({ code: zCurrency, minorDigits: z.number().int() })),
});
export type CurrencyListResponse = z.infer<typeof zCurrencyListResponse>;

/** An amount in minor units (0 to 1 billion: 10 million in major units). */
export const zMoneyMinor = z.number().int().min(0).max(1_000_000_000);

/** Formats minor units for display, e.g. 149900 DKK → "1.499,00 kr." in Danish. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    minor / 10 ** CURRENCY_MINOR_DIGITS,
  );
}
