import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { givenCircleFence, givenWornWatch, northOf, osmandReporter } from './geofence-engine-test-support';

const HOME = { lat: 56.1572, lon: 10.2107 };

/**
 * The geofence engine in the tenant-isolation suite. Fence states and events have no endpoints yet,
 * so the case makes them the way they arise: tenant A's citizen wears a watch that reports inside
 * its fence, then far outside, through the OsmAnd gateway (the pipeline writes in the device's
 * tenant scope). The suite's SQL check then proves B can neither see, change nor forge them.
 */
export const geofenceEngineIsolationCase: IsolationCase = {
  name: 'geofence engine',
  tables: ['device_fence_trackings', 'geofence_events'],
  permissions: [],
  async seed({ t, a }) {
    const db = t.database.db;
    const fence = await givenCircleFence(db, a.tenantId, HOME, 200);
    const { device } = await givenWornWatch(t, a.tenantId, [fence.id]);
    const report = osmandReporter(t, device.imei);
    await report(HOME.lat, HOME.lon, 10);
    const far = northOf(HOME, 2000);
    await report(far.lat, far.lon, 10);
    return { id: device.id, searchText: device.imei };
  },
};
