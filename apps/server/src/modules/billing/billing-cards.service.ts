import type {
  AddCardRequest,
  BillingCard,
  BillingCardsResponse,
  BillingInvoicesResponse,
  CardSetupResponse,
} from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import type { BillingInvoice } from '../billing-provider';
import { callProvider, inHousehold, type BillingContext, type BillingServices } from './billing-context';
import { ensureCustomer, findBillingAccount } from './billing-account.service';
import * as repository from './billing.repository';

/*
 * Cards and invoices: the processor keeps them, under the household's customer; we keep only the
 * customer id and which card is the default (for the rules that read it inside a transaction).
 * The processor checks that a card or invoice belongs to the customer named, so another
 * household's id is "not found" (404), exactly like an id that does not exist.
 */

/** Keeps our copy of the default card in step with what the processor said. */
async function rememberDefaultCard(ctx: BillingContext, cardId: string | null, expected?: string | null) {
  if (expected !== undefined && expected === cardId) return;
  await inHousehold(ctx, (tx, householdId) =>
    repository.updateAccount(tx, householdId, { defaultCardId: cardId, updatedAt: ctx.now() }),
  );
}

export async function listCards(
  ctx: BillingContext,
  services: BillingServices,
): Promise<BillingCardsResponse> {
  const account = await findBillingAccount(ctx, services);
  if (!account?.customerId) return { cards: [] };
  const customerId = account.customerId;
  const cards = await callProvider(() => services.provider.listCards(customerId));
  await rememberDefaultCard(ctx, cards.find((card) => card.isDefault)?.id ?? null, account.defaultCardId);
  return { cards };
}

/** Starts a card setup; the browser's card form confirms it with the client secret. */
export async function setupCard(ctx: BillingContext, services: BillingServices): Promise<CardSetupResponse> {
  const { customerId } = await ensureCustomer(ctx, services);
  const setup = await callProvider(() => services.provider.createCardSetup(customerId));
  const stripe = services.provider.kind === 'stripe';
  return {
    setupId: setup.id,
    clientSecret: setup.clientSecret,
    provider: services.provider.kind,
    stripeConfigured: stripe,
    publishableKey: stripe ? services.stripePublishableKey : null,
  };
}

/**
 * Saves a confirmed card. The household's first card becomes its default even unasked: with no
 * default nothing can be charged, and an owner adding their only card means it to be used.
 */
export async function addCard(
  ctx: BillingContext,
  services: BillingServices,
  input: AddCardRequest,
): Promise<BillingCard> {
  const { account, customerId } = await ensureCustomer(ctx, services);
  const makeDefault = input.makeDefault ?? !account.defaultCardId;
  const card = await callProvider(() =>
    services.provider.addCard(customerId, input.paymentMethodId, { makeDefault }),
  );
  if (card.isDefault) await rememberDefaultCard(ctx, card.id, account.defaultCardId);
  return card;
}

/**
 * Removes a card. Removing the default leaves the household without one: the next charge fails
 * and follows the retry schedule, and inviting a member is refused until a default is set again.
 */
export async function removeCard(
  ctx: BillingContext,
  services: BillingServices,
  cardId: string,
): Promise<void> {
  const account = await findBillingAccount(ctx, services);
  const customerId = account?.customerId;
  if (!customerId) throw new DomainError('not_found');
  await callProvider(() => services.provider.removeCard(customerId, cardId));
  if (account.defaultCardId === cardId) await rememberDefaultCard(ctx, null);
}

export async function setDefaultCard(
  ctx: BillingContext,
  services: BillingServices,
  cardId: string,
): Promise<BillingCardsResponse> {
  const account = await findBillingAccount(ctx, services);
  const customerId = account?.customerId;
  if (!customerId) throw new DomainError('not_found');
  await callProvider(() => services.provider.setDefaultCard(customerId, cardId));
  await rememberDefaultCard(ctx, cardId, account.defaultCardId);
  return { cards: await callProvider(() => services.provider.listCards(customerId)) };
}

function invoiceOf(invoice: BillingInvoice) {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    total: invoice.total,
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
    createdAt: invoice.createdAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
  };
}

/** The household's invoices, newest first (none before its customer exists). */
export async function listInvoices(
  ctx: BillingContext,
  services: BillingServices,
): Promise<BillingInvoicesResponse> {
  const account = await findBillingAccount(ctx, services);
  const customerId = account?.customerId;
  if (!customerId) return { invoices: [] };
  const invoices = await callProvider(() => services.provider.listInvoices(customerId));
  return { invoices: invoices.map(invoiceOf) };
}

/** One of the household's invoices as a PDF; another household's invoice is 404. */
export async function invoicePdf(
  ctx: BillingContext,
  services: BillingServices,
  invoiceId: string,
): Promise<Buffer> {
  const account = await findBillingAccount(ctx, services);
  const customerId = account?.customerId;
  if (!customerId) throw new DomainError('not_found');
  return callProvider(() => services.provider.getInvoicePdf(customerId, invoiceId));
}
