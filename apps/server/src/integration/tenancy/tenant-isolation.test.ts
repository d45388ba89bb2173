import { describeIsolationSuite } from '../../test/tenant-isolation/isolation-suite';
import { ISOLATION_CASES, ORGANIZATION_ISOLATION_CASES } from '../../test/tenant-isolation/isolation-cases';

/**
 * The tenant-isolation suite (test/tenant-isolation/isolation-suite.ts) for two organizations:
 * every tenant-owned endpoint family, and every table with a `tenant_id` in SQL.
 */
describeIsolationSuite({
  label: 'tenant',
  tenants: async (_t, g) => [(await g.tenant()).id, (await g.tenant()).id],
  cases: [...ISOLATION_CASES, ...ORGANIZATION_ISOLATION_CASES],
});
