import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { givenMapAlarm, givenMapCitizen } from './live-map-test-support';

/**
 * The live map reads citizens, their watches and their alarms (whose rows the citizens, devices and
 * alarms cases check): B's map never holds A's citizen, however located or alarmed.
 */
export const liveMapIsolationCase: IsolationCase = {
  name: 'live map',
  tables: ['citizens', 'devices', 'alarms'],
  permissions: ['Homeward.Citizens'],
  async seed({ t, a }) {
    const citizen = await givenMapCitizen(t.database.db, a.tenantId, [
      { status: 'online', latitude: 56.15, longitude: 10.2, lastSeenAt: new Date(), locatedAt: new Date() },
    ]);
    await givenMapAlarm(
      t.database.db,
      a.tenantId,
      { citizenId: citizen.id, deviceId: citizen.deviceIds[0]! },
      'sos',
    );
    return { id: citizen.id, searchText: citizen.surname };
  },
  list: '/api/live-map',
};
