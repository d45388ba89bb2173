/**
 * Business time of the billing layer: when a subscription starts, which period is due, whether a
 * card has expired. The local provider takes one, so a test can move months ahead the way the
 * processor's test clocks do. Webhook signatures use the wall clock instead: they are about when a
 * message was sent, not about billing.
 */
export interface BillingClock {
  now(): Date;
}

export const systemBillingClock: BillingClock = { now: () => new Date() };

/** How far a test clock moves: calendar months first (as billing periods do), then days and ms. */
export interface ClockAdvance {
  months?: number;
  days?: number;
  hours?: number;
  milliseconds?: number;
}

/** A clock that stands still until a test advances it (Stripe's test clocks, in-process). */
export class BillingTestClock implements BillingClock {
  #now: Date;

  constructor(start: Date = new Date()) {
    this.#now = new Date(start.getTime());
  }

  now(): Date {
    return new Date(this.#now.getTime());
  }

  /** Moves the clock forward to `time` (a period's start, say); returns it. */
  advanceTo(time: Date): Date {
    if (time.getTime() < this.#now.getTime()) throw new Error('a billing clock only moves forward');
    this.#now = new Date(time.getTime());
    return this.now();
  }

  /** Moves the clock forward; returns the new time. */
  advance(by: ClockAdvance): Date {
    const moved = by.months ? addMonths(this.#now, by.months) : this.#now;
    const extra = (by.days ?? 0) * 86_400_000 + (by.hours ?? 0) * 3_600_000 + (by.milliseconds ?? 0);
    if (extra < 0) throw new Error('a billing clock only moves forward');
    this.#now = new Date(moved.getTime() + extra);
    return this.now();
  }
}

/**
 * `months` calendar months after `date` (UTC), on the same day of the month or the month's last
 * day when it has fewer: the rule Stripe bills by (an anchor on 31 January bills on 28/29 February,
 * then 31 March). Periods are always counted from the anchor, never from the previous period, so a
 * short month does not move later periods.
 */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

/** Which period of the subscription begins at `start`: n for anchor + n months, else undefined. */
export function periodIndexOf(anchor: Date, start: Date): number | undefined {
  const months =
    (start.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (start.getUTCMonth() - anchor.getUTCMonth());
  for (const n of [months - 1, months, months + 1]) {
    if (n >= 0 && addMonths(anchor, n).getTime() === start.getTime()) return n;
  }
  return undefined;
}
