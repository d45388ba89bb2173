import { describeIsolationSuite } from '../../test/tenant-isolation/isolation-suite';

/**
 * The tenant-isolation suite (test/tenant-isolation/isolation-suite.ts) for two organizations:
 * every tenant-owned endpoint family, and every table with a `tenant_id` in SQL.
 */
describeIsolationSuite({
  label: 'tenant',
  tenants: async (_t, g) => [(await g.tenant()).id, (await g.tenant()).id],
});
