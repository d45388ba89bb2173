import { describe, expect, it } from 'vitest';
import {
  DEVICE_ADMINISTRATION_MESSAGE_KEYS,
  PHYSICAL_LOCATION_TRANSITIONS,
  PHYSICAL_LOCATION_VALUES,
  allowedPhysicalLocationTargets,
  physicalLocationRefusal,
  zChangePhysicalLocationRequest,
} from './device-administration';
import { PHYSICAL_LOCATIONS as L } from './device-connection';

describe('physical location transitions', () => {
  it('has a row for every location, never allows staying, and names only known locations', () => {
    expect(PHYSICAL_LOCATION_VALUES).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const from of PHYSICAL_LOCATION_VALUES) {
      const targets = PHYSICAL_LOCATION_TRANSITIONS[from];
      expect(targets).not.toContain(from);
      for (const to of targets) expect(PHYSICAL_LOCATION_VALUES).toContain(to);
    }
  });

  it('refuses Written off → At customer with the written-off reason and allows the issue journey', () => {
    expect(physicalLocationRefusal(L.writtenOff, L.atCustomer)).toBe(
      'deviceAdministration:refused.fromWrittenOff',
    );
    expect(physicalLocationRefusal(L.inStock, L.inStock)).toBe(
      DEVICE_ADMINISTRATION_MESSAGE_KEYS.sameLocation,
    );
    expect(physicalLocationRefusal(L.inStock, L.testing)).toBeNull();
    expect(physicalLocationRefusal(L.testing, L.sentToCustomer)).toBeNull();
    expect(physicalLocationRefusal(L.sentToCustomer, L.atCustomer)).toBeNull();
    expect(physicalLocationRefusal(L.atCustomer, L.awaitingReturn)).toBeNull();
  });

  it('reads a missing or unknown stored value as Not set', () => {
    expect(allowedPhysicalLocationTargets(null)).toEqual(PHYSICAL_LOCATION_TRANSITIONS[L.notSet]);
    expect(allowedPhysicalLocationTargets(42)).toEqual(PHYSICAL_LOCATION_TRANSITIONS[L.notSet]);
  });

  it('accepts only the eight location values in a move request', () => {
    expect(zChangePhysicalLocationRequest.safeParse({ to: 7 }).success).toBe(true);
    expect(zChangePhysicalLocationRequest.safeParse({ to: 8 }).success).toBe(false);
    expect(zChangePhysicalLocationRequest.safeParse({ to: 1.5 }).success).toBe(false);
  });
});
