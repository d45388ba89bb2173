import type { Alarm } from '@homeward/contracts';

/** Test-only: an open SOS alarm of Inge Jensen's watch. */
export const ALARM_ID = '0190a0b0-0000-7000-8000-0000000000a1';

export const openAlarm: Alarm = {
  id: ALARM_ID,
  tenantId: null,
  deviceId: '0190a0b0-0000-7000-8000-0000000000d1',
  deviceName: 'Inges ur',
  citizenId: '0190a0b0-0000-7000-8000-0000000000c1',
  citizenName: 'Inge Jensen',
  kind: 'sos',
  state: 'open',
  count: 2,
  firstAt: '2026-11-22T13:58:00.000Z',
  lastAt: '2026-11-22T14:02:00.000Z',
  acknowledgedByUserId: null,
  acknowledgedAt: null,
  handledByUserId: null,
  handledAt: null,
  clearedAt: null,
  note: null,
  secondsToAcknowledge: null,
  secondsToHandle: null,
};
