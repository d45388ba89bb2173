import type { LiveMapCitizen } from '@homeward/contracts';

let serial = 0;

/** A citizen on the live map: online at Aarhus with a fix, unless told otherwise. */
export function mapCitizen(overrides: Partial<LiveMapCitizen> = {}): LiveMapCitizen {
  serial += 1;
  const hex = serial.toString(16).padStart(12, '0');
  return {
    citizenId: `0190a000-0000-7000-8000-${hex}`,
    name: `Citizen ${serial}`,
    organizationId: null,
    organizationName: 'Home care north',
    deviceId: `0190b000-0000-7000-8000-${hex}`,
    status: 'online',
    latitude: 56.15,
    longitude: 10.2,
    locationValid: true,
    locatedAt: '2026-11-26T10:00:00.000Z',
    lastSeenAt: '2026-11-26T10:00:00.000Z',
    battery: 80,
    outsideGeofence: false,
    alarm: null,
    ...overrides,
  };
}
