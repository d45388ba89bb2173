import { ALL_TENANTS_ID, HOST_TENANT_FILTER } from '@homeward/contracts';
import { DomainError } from '../errors/domain-error';

/**
 * Which rows a request may see (DESIGN §4): one tenant's, the host's (null tenant), or, for a host
 * user holding Homeward.Tenants.Filter, all tenants' through an explicit, read-only path.
 */
export type TenantScope = { kind: 'tenant'; tenantId: string } | { kind: 'host' } | { kind: 'all' };

export const TENANT_FILTER_PERMISSION = 'Homeward.Tenants.Filter';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ScopeCaller {
  tenantId: string | null;
  permissions: ReadonlySet<string>;
}

/**
 * The scope of a request from its caller and the tenant filter header. A tenant user's scope is
 * always their own tenant: a filter naming anything else is refused (403), never silently widened.
 * A host user needs the filter permission to choose a scope other than the host.
 */
export function resolveTenantScope(caller: ScopeCaller | null, filter: string | undefined): TenantScope {
  const requested = filter?.trim().toLowerCase() || undefined;
  if (caller?.tenantId) {
    if (requested !== undefined && requested !== caller.tenantId.toLowerCase()) {
      throw new DomainError('forbidden', 'tenancy:filterNotAllowed');
    }
    return { kind: 'tenant', tenantId: caller.tenantId };
  }
  if (requested === undefined || requested === HOST_TENANT_FILTER) return { kind: 'host' };
  if (!caller || !caller.permissions.has(TENANT_FILTER_PERMISSION)) {
    throw new DomainError('forbidden', 'tenancy:filterNotAllowed');
  }
  if (requested === ALL_TENANTS_ID) return { kind: 'all' };
  if (!UUID.test(requested)) {
    throw new DomainError('bad_request', 'tenancy:filterInvalid');
  }
  return { kind: 'tenant', tenantId: requested };
}

/** The tenant id services filter and write by: null for the host, the all-zero uuid for All. */
export function scopeTenantId(scope: TenantScope): string | null {
  if (scope.kind === 'tenant') return scope.tenantId;
  return scope.kind === 'all' ? ALL_TENANTS_ID : null;
}
