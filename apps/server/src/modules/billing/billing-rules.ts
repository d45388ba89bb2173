import { ACCOUNT_DELETION_MESSAGE_KEYS } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import type { BillingProvider } from '../billing-provider';
import { defaultCardRequired, inTenantTransaction } from './billing-context';
import * as repository from './billing.repository';
import { billingCustomerErasures } from './billing.schema';

/*
 * The rules other modules apply with billing (spec §4, §5). Each takes the caller's transaction,
 * in the household's scope, and reads only our own rows: no processor call is made inside a
 * transaction (billing-provider.ts), so what must reach the processor is queued for after it.
 */

/** Inviting a household member requires a default card (409, details `default_card_required`). */
export async function requireDefaultCard(db: Database, householdId: string): Promise<void> {
  const account = await repository.findAccount(db, householdId);
  if (!account?.customerId || !account.defaultCardId || account.cardsReleasePending)
    throw defaultCardRequired();
}

/**
 * Deleting the owner's account (and with it the household) is refused while a subscription is
 * active ("pause or transfer first"); a paused one is cancelled with the processor customer.
 */
export async function refuseWhileSubscriptionsActive(db: Database, householdId: string): Promise<void> {
  if (await repository.hasActiveSubscription(db, householdId))
    throw new DomainError('conflict', ACCOUNT_DELETION_MESSAGE_KEYS.activeSubscription);
}

/**
 * The household is being deleted: its processor customer is queued for deletion (its cards,
 * details and paused subscriptions), which the billing job does after this transaction commits.
 * Invoices stay at the processor, as bookkeeping requires.
 */
export async function queueBillingErasure(db: Database, householdId: string): Promise<void> {
  const account = await repository.findAccount(db, householdId);
  if (!account?.customerId) return;
  await db
    .insert(billingCustomerErasures)
    .values({ customerId: account.customerId, provider: account.provider })
    .onConflictDoNothing();
}

/**
 * An account transfer: the subscriptions are the household's and stay with it, with its customer
 * and its invoices; the cards are the old owner's own and must not be charged for a household they
 * gave away. So the default is cleared now (the invitation rule and the charge see no card at
 * once) and the cards are removed from the customer before its next use (`releaseCardsAfterTransfer`).
 * The new owner adds a default card; until then a charge fails and follows the retry schedule,
 * whose notices now reach the new owner.
 */
export async function releaseCardsOnTransfer(db: Database, householdId: string): Promise<void> {
  const account = await repository.findAccount(db, householdId);
  if (!account?.customerId) return;
  await repository.updateAccount(db, householdId, { cardsReleasePending: true, defaultCardId: null });
}

/** Removes the old owner's cards at the processor after a transfer (outside any transaction). */
export async function releaseCardsAfterTransfer(
  db: Database,
  provider: BillingProvider,
  householdId: string,
  now: Date,
): Promise<void> {
  const account = await inTenantTransaction(db, householdId, (tx) => repository.findAccount(tx, householdId));
  const customerId = account?.customerId;
  if (!account?.cardsReleasePending || !customerId) return;
  for (const card of await provider.listCards(customerId)) await provider.removeCard(customerId, card.id);
  await inTenantTransaction(db, householdId, (tx) =>
    repository.updateAccount(tx, householdId, {
      cardsReleasePending: false,
      defaultCardId: null,
      updatedAt: now,
    }),
  );
}
