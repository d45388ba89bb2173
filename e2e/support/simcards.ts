import type { Page } from 'playwright-core';
/** The Luhn check digit of `body` (the digit that makes `body` + it pass the Luhn test). */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    // From the right, the body's last digit is doubled: it sits next to the check digit.
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** One SIM card as a line of the upload CSV gives it. */
export interface JourneySim {
  /** 19 digits: `8945` (telecom, Denmark), 14 digits of the run and the card, the check digit. */
  iccid: string;
  /** As the CSV spells it, eight Danish digits with spaces. */
  msisdn: string;
  /** As the server stores it (E.164). */
  msisdnE164: string;
}

/**
 * `count` SIM cards with valid ICCIDs and phone numbers, unique per run (the clock's milliseconds),
 * so rerunning a journey against the same database never meets its earlier cards.
 */
export function journeySims(count: number): JourneySim[] {
  const run = String(Date.now() % 1e11).padStart(11, '0');
  // Eight-digit Danish mobile numbers from 20 00 00 00 on, a block of `count` per run.
  const firstNumber = 20_000_000 + (((Date.now() % 700_000) * count) % 70_000_000);
  return Array.from({ length: count }, (_, card) => {
    const body = `8945${run}${String(card).padStart(3, '0')}`;
    const digits = String(firstNumber + card);
    return {
      iccid: `${body}${luhnCheckDigit(body)}`,
      msisdn: `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}`,
      msisdnE164: `+45${digits}`,
    };
  });
}

/** The same ICCID with its check digit changed: 19 digits, but not a valid card number. */
export function withWrongCheckDigit(iccid: string): string {
  return `${iccid.slice(0, -1)}${(Number(iccid.at(-1)) + 1) % 10}`;
}

/** An upload CSV (header `iccid;msisdn;operator;note`) of these lines. */
export function simcardCsv(lines: { iccid: string; msisdn: string; note: string }[]): string {
  return [
    'iccid;msisdn;operator;note',
    ...lines.map((sim) => `${sim.iccid};${sim.msisdn};TDC;${sim.note}`),
  ].join('\n');
}

/** The row of a SIM dialog's report ("Reasons" table) for one line of the file. */
export const reportRow = (page: Page, dialog: string, line: number) =>
  page
    .getByRole('dialog', { name: dialog })
    .getByRole('table', { name: 'Reasons' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
