import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { createdId } from '../../test/tenant-isolation/isolation-cases';

const circle = { kind: 'circle', center: { lat: 56.1572, lon: 10.2107 }, radiusMeters: 300 };

/** Tenant B can list, search, read, update and delete none of tenant A's geofences. */
export const geofencesIsolationCase: IsolationCase = {
  name: 'geofences',
  tables: ['geofences'],
  permissions: [
    'Homeward.Geofences',
    'Homeward.Geofences.Create',
    'Homeward.Geofences.Edit',
    'Homeward.Geofences.Delete',
  ],
  async seed({ a }) {
    const name = `Isolated fence ${randomBytes(5).toString('hex')}`;
    const id = createdId(
      await a.request({ method: 'POST', url: '/api/geofences', payload: { name, geometry: circle } }),
    );
    return { id, searchText: name };
  },
  list: '/api/geofences?maxResultCount=1000',
  read: (id) => `/api/geofences/${id}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/geofences/${row.id}`,
    payload: { name: 'Hijacked', geometry: { ...circle, radiusMeters: 10 } },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/geofences/${id}` }),
  search: (text) => `/api/geofences?filter=${encodeURIComponent(text)}`,
};
