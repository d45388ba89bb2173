import { ALL_TENANTS_ID } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error';
import { resolveTenantScope, scopeTenantId } from './tenant-scope';

const A = '0190a0b0-0000-7000-8000-00000000000a';
const B = '0190a0b0-0000-7000-8000-00000000000b';
const hostAdmin = { tenantId: null, permissions: new Set(['Homeward.Tenants.Filter']) };
const hostUser = { tenantId: null, permissions: new Set<string>() };
const tenantUser = { tenantId: A, permissions: new Set(['Homeward.Tenants.Filter']) };

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
  }
  throw new Error('expected a refusal');
}

describe('tenant scope', () => {
  it('keeps a tenant user in their own tenant, and refuses any other filter', () => {
    expect(resolveTenantScope(tenantUser, undefined)).toEqual({ kind: 'tenant', tenantId: A });
    expect(resolveTenantScope(tenantUser, A.toUpperCase())).toEqual({ kind: 'tenant', tenantId: A });
    for (const filter of [B, 'host', ALL_TENANTS_ID, 'nonsense']) {
      const error = refusal(() => resolveTenantScope(tenantUser, filter));
      expect(error.code).toBe('forbidden');
      expect(error.message).toBe('tenancy:filterNotAllowed');
    }
  });

  it('gives host users the host scope, and other scopes only with the filter permission', () => {
    expect(resolveTenantScope(hostUser, undefined)).toEqual({ kind: 'host' });
    expect(resolveTenantScope(hostUser, 'host')).toEqual({ kind: 'host' });
    expect(refusal(() => resolveTenantScope(hostUser, B)).code).toBe('forbidden');
    expect(refusal(() => resolveTenantScope(hostUser, ALL_TENANTS_ID)).code).toBe('forbidden');
    expect(resolveTenantScope(hostAdmin, ALL_TENANTS_ID)).toEqual({ kind: 'all' });
    expect(resolveTenantScope(hostAdmin, B)).toEqual({ kind: 'tenant', tenantId: B });
    expect(refusal(() => resolveTenantScope(hostAdmin, 'not-a-uuid')).code).toBe('bad_request');
  });

  it('treats anonymous callers as the host, and never lets them filter', () => {
    expect(resolveTenantScope(null, undefined)).toEqual({ kind: 'host' });
    expect(refusal(() => resolveTenantScope(null, ALL_TENANTS_ID)).code).toBe('forbidden');
  });

  it('maps scopes to the tenant id services use', () => {
    expect(scopeTenantId({ kind: 'tenant', tenantId: A })).toBe(A);
    expect(scopeTenantId({ kind: 'host' })).toBeNull();
    expect(scopeTenantId({ kind: 'all' })).toBe(ALL_TENANTS_ID);
  });
});
