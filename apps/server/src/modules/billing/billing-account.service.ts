import type { BillingDetails, BillingDetailsResponse } from '@homeward/contracts';
import { EMPTY_BILLING_DETAILS, type zBillingDetailsRequest } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { users } from '../users/users.schema';
import { findHousehold } from '../tenants';
import type { BillingCustomerDetails } from '../billing-provider';
import { callProvider, inHousehold, type BillingContext, type BillingServices } from './billing-context';
import { releaseCardsAfterTransfer } from './billing-rules';
import * as repository from './billing.repository';
import type { BillingAccountRow } from './billing.schema';

type BillingDetailsInput = z.output<typeof zBillingDetailsRequest>;

function detailsOf(row: BillingAccountRow | undefined): BillingDetails {
  if (!row) return EMPTY_BILLING_DETAILS;
  const { name, address, companyName, vatNumber, street, city, county, country, zip, additionalInfo } = row;
  return { name, address, companyName, vatNumber, street, city, county, country, zip, additionalInfo };
}

/** The details as the processor's customer keeps them (Stripe's address: line1, line2, state...). */
function customerDetailsOf(details: BillingDetails): BillingCustomerDetails {
  return {
    name: details.name,
    companyName: details.companyName,
    vatNumber: details.vatNumber,
    address: {
      line1: details.street,
      line2: details.address,
      city: details.city,
      state: details.county,
      postalCode: details.zip,
      country: details.country,
    },
    additionalInfo: details.additionalInfo,
  };
}

async function ownerOf(tx: Database, householdId: string) {
  const household = await findHousehold(tx, householdId);
  if (!household?.ownerUserId) return undefined;
  const [owner] = await tx
    .select({ email: users.email, name: users.name, userName: users.userName })
    .from(users)
    .where(eq(users.id, household.ownerUserId));
  return owner;
}

/** After an account transfer, the old owner's cards leave the customer before anything else. */
async function releaseTransferredCards(
  ctx: BillingContext,
  services: BillingServices,
  account: BillingAccountRow,
): Promise<BillingAccountRow> {
  if (!account.cardsReleasePending || !account.customerId) return account;
  await callProvider(() => releaseCardsAfterTransfer(ctx.db, services.provider, account.tenantId, ctx.now()));
  return { ...account, cardsReleasePending: false, defaultCardId: null };
}

/** The household's account row as it is (none before first use), transferred cards released. */
export async function findBillingAccount(
  ctx: BillingContext,
  services: BillingServices,
): Promise<BillingAccountRow | undefined> {
  const account = await inHousehold(ctx, (tx, householdId) => repository.findAccount(tx, householdId));
  return account ? releaseTransferredCards(ctx, services, account) : undefined;
}

/**
 * The household's processor customer, made on first use with the owner's name and e-mail and the
 * household's id as metadata. Two first uses at once may both make one: the first stored wins and
 * the other is deleted at the processor, so the household keeps exactly one.
 */
export async function ensureCustomer(
  ctx: BillingContext,
  services: BillingServices,
): Promise<{ account: BillingAccountRow; customerId: string }> {
  const { account, owner } = await inHousehold(ctx, async (tx, householdId) => ({
    account: await repository.ensureAccount(tx, householdId, services.provider.kind),
    owner: await ownerOf(tx, householdId),
  }));
  if (account.customerId) {
    const released = await releaseTransferredCards(ctx, services, account);
    return { account: released, customerId: account.customerId };
  }
  const created = await callProvider(() =>
    services.provider.createCustomer({
      ...(account.name
        ? customerDetailsOf(detailsOf(account))
        : { name: owner?.name?.trim() || owner?.userName }),
      email: owner?.email ?? null,
      metadata: { tenantId: account.tenantId },
    }),
  );
  const stored = await inHousehold(ctx, async (tx, householdId) => {
    const row = await repository.ensureAccount(tx, householdId, services.provider.kind);
    if (row.customerId) return row;
    await repository.updateAccount(tx, householdId, { customerId: created.id, updatedAt: ctx.now() });
    return { ...row, customerId: created.id };
  });
  if (stored.customerId !== created.id) {
    await services.provider.deleteCustomer(created.id).catch(() => undefined);
  }
  return { account: stored, customerId: stored.customerId! };
}

export async function getBillingDetails(
  ctx: BillingContext,
  services: BillingServices,
): Promise<BillingDetailsResponse> {
  const account = await findBillingAccount(ctx, services);
  return { details: detailsOf(account), hasCustomer: !!account?.customerId };
}

/**
 * Saves the billing details: pushed to the processor's customer first (the invoices it makes show
 * them), then stored; if storing fails the next save pushes them again.
 */
export async function saveBillingDetails(
  ctx: BillingContext,
  services: BillingServices,
  input: BillingDetailsInput,
): Promise<BillingDetailsResponse> {
  const { customerId } = await ensureCustomer(ctx, services);
  const details: BillingDetails = { ...EMPTY_BILLING_DETAILS, ...input };
  await callProvider(() => services.provider.updateCustomer(customerId, customerDetailsOf(details)));
  await inHousehold(ctx, (tx, householdId) =>
    repository.updateAccount(tx, householdId, { ...details, updatedAt: ctx.now() }),
  );
  return { details, hasCustomer: true };
}
