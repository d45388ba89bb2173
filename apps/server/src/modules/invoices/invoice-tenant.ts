import { ALL_TENANTS_ID, INVOICE_MESSAGE_KEYS } from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { findTenantKind } from './invoice-run.repository';

/** What the invoice services use of a request. */
export type InvoiceContext = Pick<RequestContext, 'db' | 'tenantId' | 'now'>;

/**
 * Enterprise invoices belong to organization tenants (they have customers). `Homeward.Invoices` is
 * also held by household owners, for their card-billing invoices (modules/billing), so the tenant's
 * kind is checked on every call: a household is refused with 403, whatever it holds.
 */
async function refuseHouseholds(ctx: InvoiceContext, tenantId: string): Promise<void> {
  if ((await findTenantKind(ctx.db, tenantId)) !== 'organization') {
    throw new DomainError('forbidden', INVOICE_MESSAGE_KEYS.notAnOrganization);
  }
}

/** The scope of a read: an organization tenant, the host, or the host's All tenants view. */
export async function requireInvoiceReadScope(ctx: InvoiceContext): Promise<string | null> {
  if (ctx.tenantId !== null && ctx.tenantId !== ALL_TENANTS_ID) await refuseHouseholds(ctx, ctx.tenantId);
  return ctx.tenantId;
}

/**
 * The tenant of a write: an organization tenant (a host filtered to one acts as it). The host's own
 * scope has no customers to invoice and no counter, so it is refused like a household.
 */
export async function requireOrganizationTenant(ctx: InvoiceContext): Promise<string> {
  const tenantId = ctx.tenantId;
  if (tenantId === null || tenantId === ALL_TENANTS_ID) {
    throw new DomainError('forbidden', INVOICE_MESSAGE_KEYS.notAnOrganization);
  }
  await refuseHouseholds(ctx, tenantId);
  return tenantId;
}
