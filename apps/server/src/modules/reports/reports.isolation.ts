import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';

const schedule = {
  kind: 'user-overview',
  format: 'xlsx',
  recipients: ['isolated@example.com'],
  dayOfMonth: 1,
};

/**
 * Reports in the tenant-isolation suite. The row is a report schedule (listed, changed and deleted
 * by id); the search text is the user name of a user made in tenant A, which A's user-overview
 * report contains and B's must never.
 */
export const reportsIsolationCase: IsolationCase = {
  name: 'reports',
  tables: ['report_schedules'],
  permissions: ['Homeward.Reports'],
  async seed({ a, given }) {
    const user = await given.user({
      tenantId: a.tenantId,
      userName: `report.isolated.${randomBytes(5).toString('hex')}`,
    });
    const created = await a.request({ method: 'POST', url: '/api/reports/schedules', payload: schedule });
    if (created.statusCode !== 201) throw new Error(`seed refused: ${created.statusCode} ${created.body}`);
    return { id: (created.json() as { id: string }).id, searchText: user.userName };
  },
  list: '/api/reports/schedules',
  update: (row) => ({
    method: 'PUT',
    url: `/api/reports/schedules/${row.id}`,
    payload: { ...schedule, recipients: ['hijacked@example.com'] },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/reports/schedules/${id}` }),
  export: () => '/api/reports/user-overview.xlsx',
};
