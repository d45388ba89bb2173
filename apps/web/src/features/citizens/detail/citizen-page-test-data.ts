import type { Citizen, CitizenRoute } from '@homeward/contracts';

/** Test-only: Inge Jensen with one watch that reported 3 minutes ago, a geofence and a receiver. */
export const CITIZEN_ID = '0190a0b0-0000-7000-8000-0000000000c1';
const WATCH_ID = '0190a0b0-0000-7000-8000-0000000000d1';

export function testCitizen(now = Date.now()): Citizen {
  const threeMinutesAgo = new Date(now - 3 * 60_000).toISOString();
  return {
    id: CITIZEN_ID,
    tenantId: null,
    name: 'Inge',
    surname: 'Jensen',
    cprMasked: '010345-XXXX',
    address: 'Åboulevarden 1',
    zipCode: '8000',
    city: 'Aarhus',
    organizationId: '0190a0b0-0000-7000-8000-0000000000e1',
    organizationName: 'Hjemmeplejen Syd',
    specificCustomerId: null,
    specificCustomerName: null,
    standardPayer: 'municipality',
    devices: [
      {
        id: WATCH_ID,
        name: 'Inges ur',
        imei: '356938035643809',
        status: 'online',
        battery: 64,
        lastSeenAt: threeMinutesAgo,
        location: { lat: 56.1572, lon: 10.2107, at: threeMinutesAgo, valid: true },
        productName: 'Stella Watch',
        settings: {
          positionIntervalSeconds: 120,
          sosNumber: '+4512345678',
          lowBatteryThresholdPercent: 15,
          fallDetection: true,
        },
      },
    ],
    geofences: [],
    alarmReceivers: [
      {
        id: '0190a0b0-0000-7000-8000-0000000000f1',
        position: 1,
        kind: 'contactPerson',
        userId: null,
        contactPersonId: '0190a0b0-0000-7000-8000-0000000000f2',
        name: 'Karen Holm',
        phone: '+45 20 30 40 50',
        email: 'karen@example.com',
        channels: ['sms', 'email'],
      } as Citizen['alarmReceivers'][number],
    ],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
}

/** A short morning: out of the house, a 6-minute stop, back in. */
export const testRoute: CitizenRoute = {
  citizenId: CITIZEN_ID,
  date: '2026-11-26',
  timeZone: 'Europe/Copenhagen',
  from: '2026-11-25T23:00:00.000Z',
  to: '2026-11-26T23:00:00.000Z',
  points: [
    ['2026-11-26T09:00:00.000Z', 56.1572],
    ['2026-11-26T09:02:00.000Z', 56.16],
    ['2026-11-26T09:04:00.000Z', 56.163],
    ['2026-11-26T09:10:00.000Z', 56.1631],
    ['2026-11-26T09:14:00.000Z', 56.1572],
  ].map(([at, lat]) => ({ at: at as string, lat: lat as number, lon: 10.2107, deviceId: WATCH_ID })),
  totalPoints: 5,
  noFixCount: 0,
  stops: [
    {
      start: '2026-11-26T09:04:00.000Z',
      end: '2026-11-26T09:10:00.000Z',
      durationSeconds: 360,
      lat: 56.163,
      lon: 10.2107,
    },
  ],
  crossings: [
    {
      at: '2026-11-26T09:02:00.000Z',
      lat: 56.16,
      lon: 10.2107,
      geofenceId: '0190a0b0-0000-7000-8000-0000000000a9',
      geofenceName: 'Home',
      kind: 'exit',
    },
    {
      at: '2026-11-26T09:14:00.000Z',
      lat: 56.1572,
      lon: 10.2107,
      geofenceId: '0190a0b0-0000-7000-8000-0000000000a9',
      geofenceName: 'Home',
      kind: 'entry',
    },
  ],
};
