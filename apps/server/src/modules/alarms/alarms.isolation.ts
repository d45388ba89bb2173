import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { alarmsOf, givenWatch, report } from './alarms-test-support';

/**
 * Alarms in the tenant-isolation suite: a citizen's watch in tenant A sends an SOS through the
 * OsmAnd gateway, which makes the alarm and its history in A's scope. B can neither list, read nor
 * acknowledge it, and the SQL check proves the rows of both tables are out of B's reach.
 */
export const alarmsIsolationCase: IsolationCase = {
  name: 'alarms',
  tables: ['alarms', 'alarm_history'],
  permissions: ['Homeward.Alarms', 'Homeward.Alarms.Acknowledge', 'Homeward.Alarms.Handle'],
  async seed({ t, a }) {
    const { device } = await givenWatch(t, a.tenantId, { citizen: true });
    const reported = await report(t, device.imei, 60, { alarm: 'sos' });
    if (reported.statusCode !== 200)
      throw new Error(`report refused: ${reported.statusCode} ${reported.body}`);
    const [alarm] = await alarmsOf(t, device.id);
    if (!alarm) throw new Error('no alarm raised');
    return { id: alarm.id, searchText: device.name };
  },
  list: '/api/alarms?maxResultCount=1000',
  read: (id) => `/api/alarms/${id}`,
  update: (row) => ({ method: 'POST', url: `/api/alarms/${row.id}/acknowledge` }),
};
