import { describe, expect, it } from 'vitest';
import { FARS_UR, MORS_UR, subscription } from './billing-page-test-support';
import { formatCardExpiry } from './billing-display';
import { watchSubscriptionRows } from './watch-subscription-rows';

const WATCHES = [
  { id: FARS_UR, name: 'Fars ur' },
  { id: MORS_UR, name: 'Mors ur' },
];

describe('watchSubscriptionRows', () => {
  it('gives every connected watch a row, with its live subscription before a cancelled one', () => {
    const canceled = subscription({ id: 'old', status: 'canceled', createdAt: '2026-01-01T00:00:00.000Z' });
    const live = subscription({ id: 'new', createdAt: '2026-06-01T00:00:00.000Z' });
    const rows = watchSubscriptionRows(WATCHES, [canceled, live]);
    expect(rows.map((row) => [row.name, row.subscription?.id ?? null])).toEqual([
      ['Fars ur', 'new'],
      ['Mors ur', null],
    ]);
  });

  it('shows the last cancelled subscription of a watch that has no live one', () => {
    const older = subscription({ id: 'a', status: 'canceled', createdAt: '2026-01-01T00:00:00.000Z' });
    const newer = subscription({ id: 'b', status: 'canceled', createdAt: '2026-03-01T00:00:00.000Z' });
    expect(watchSubscriptionRows(WATCHES, [older, newer])[0]!.subscription?.id).toBe('b');
  });

  it('keeps live subscriptions of watches no longer listed, and drops their cancelled ones', () => {
    const gone = '50000000-0000-4000-8000-000000000009';
    const rows = watchSubscriptionRows(WATCHES, [
      subscription({ id: 'live', deviceId: gone, deviceName: 'Gammelt ur', status: 'paused' }),
      subscription({ id: 'over', deviceId: '50000000-0000-4000-8000-00000000000a', status: 'canceled' }),
    ]);
    expect(rows.map((row) => row.name)).toEqual(['Fars ur', 'Mors ur', 'Gammelt ur']);
  });

  it('lists the subscriptions alone when the watches cannot be listed', () => {
    const rows = watchSubscriptionRows(undefined, [subscription({ status: 'canceled' })]);
    expect(rows.map((row) => [row.name, row.subscription?.status])).toEqual([['Fars ur', 'canceled']]);
  });
});

describe('formatCardExpiry', () => {
  it('writes the expiry as printed on the card', () => {
    expect(formatCardExpiry(4, 2030)).toBe('04/30');
    expect(formatCardExpiry(12, 2031)).toBe('12/31');
  });
});
