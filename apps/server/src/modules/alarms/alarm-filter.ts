import type { AlarmKind, AlarmState } from '@homeward/contracts';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { inTenant } from '../../platform/db/query-helpers';
import { citizens } from '../citizens/citizens.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { alarms } from './alarms.schema';

/** What the alarm list and its statistics select, beyond the tenant. */
export interface AlarmFilter {
  state?: AlarmState;
  kind?: AlarmKind;
  citizenId?: string;
  deviceId?: string;
  organizationId?: string;
  from?: string;
  to?: string;
}

/**
 * The alarms of the organization (unit) and of every unit below it (a care centre's teams), as its
 * monitored objects are: those whose citizen belongs to one of them. `code` is the units'
 * materialised path, digits and dots only, so it needs no LIKE escaping.
 */
function ofOrganization(organizationId: string): SQL {
  const unit = sql`(select ${organizationUnits.code} from ${organizationUnits} where ${organizationUnits.id} = ${organizationId})`;
  return sql`${alarms.citizenId} in (
    select ${citizens.id} from ${citizens}
    join ${organizationUnits} on ${organizationUnits.id} = ${citizens.organizationId}
    where ${organizationUnits.code} = ${unit} or ${organizationUnits.code} like ${unit} || '.%')`;
}

/** The where clause of the tenant's alarms the filter selects; `from`/`to` bound the last time. */
export function alarmFilterCondition(tenantId: string | null, filter: AlarmFilter): SQL | undefined {
  return and(
    inTenant(alarms.tenantId, tenantId),
    filter.state ? eq(alarms.state, filter.state) : undefined,
    filter.kind ? eq(alarms.kind, filter.kind) : undefined,
    filter.citizenId ? eq(alarms.citizenId, filter.citizenId) : undefined,
    filter.deviceId ? eq(alarms.deviceId, filter.deviceId) : undefined,
    filter.organizationId ? ofOrganization(filter.organizationId) : undefined,
    filter.from ? gte(alarms.lastAt, new Date(filter.from)) : undefined,
    filter.to ? lte(alarms.lastAt, new Date(filter.to)) : undefined,
  );
}
