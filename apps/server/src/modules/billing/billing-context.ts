import {
  BILLING_MESSAGE_KEYS,
  billingFailureDetails,
  DEFAULT_CARD_REQUIRED,
  type WatchPlanPrice,
} from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { applyTransactionScope } from '../../platform/tenancy/request-transaction';
import { findHousehold } from '../tenants';
import { type BillingProvider, isBillingError } from '../billing-provider';

/**
 * What a billing service needs of a request. Billing routes run outside the request transaction
 * (billing-provider.ts: the processor is never called inside one), so `db` is the server's own
 * connection and every read or write of the household's rows goes through `inHousehold`, which
 * opens a short transaction in the household's scope under the request role.
 */
export interface BillingContext {
  db: Database;
  tenantId: string | null;
  userId: string;
  /** The request's audit log id, so entity changes link to the request. */
  requestId?: string;
  now: () => Date;
}

/** The parts billing services use, made once by the routes plugin. */
export interface BillingServices {
  provider: BillingProvider;
  plans: () => Promise<WatchPlanPrice[]>;
  stripePublishableKey: string | null;
}

/** Runs `work` in a transaction scoped to the caller's household (row-level security applies). */
export async function inHousehold<T>(
  ctx: BillingContext,
  work: (tx: Database, householdId: string) => Promise<T>,
): Promise<T> {
  const tenantId = ctx.tenantId;
  if (!tenantId) throw new DomainError('forbidden', BILLING_MESSAGE_KEYS.notAHousehold);
  return ctx.db.transaction(async (tx) => {
    await applyTransactionScope(tx, {
      scope: { kind: 'tenant', tenantId },
      userId: ctx.userId,
      requestId: ctx.requestId ?? null,
    });
    if (!(await findHousehold(tx, tenantId))) {
      throw new DomainError('forbidden', BILLING_MESSAGE_KEYS.notAHousehold);
    }
    return work(tx, tenantId);
  });
}

/** Runs `work` in a transaction scoped to `tenantId`, with no user (the billing job). */
export function inTenantTransaction<T>(
  db: Database,
  tenantId: string,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await applyTransactionScope(tx, { scope: { kind: 'tenant', tenantId } });
    return work(tx);
  });
}

export function defaultCardRequired(): DomainError {
  return new DomainError('conflict', BILLING_MESSAGE_KEYS.defaultCardRequired, DEFAULT_CARD_REQUIRED);
}

/**
 * A processor failure as an API answer: the processor's code (and decline code) in `details`, for
 * the web app's one message table. A card the processor refuses is the client's input (400); an
 * object it does not know is 404 (another household's card or invoice looks the same); a
 * processor that cannot be reached is 503.
 */
export function billingFailureAnswer(error: unknown): unknown {
  if (!isBillingError(error)) return error;
  const details = billingFailureDetails(error);
  switch (error.code) {
    case 'resource_missing':
      return new DomainError('not_found', undefined, details);
    case 'missing':
      return new DomainError('conflict', BILLING_MESSAGE_KEYS.defaultCardRequired, details);
    case 'customer_not_found':
    case 'subscription_inactive':
    case 'idempotency_error':
      return new DomainError('conflict', undefined, details);
    case 'api_error':
      return new DomainError('service_unavailable', undefined, details);
    default:
      return new DomainError('bad_request', undefined, details);
  }
}

/** Calls the processor, answering its failures as billing failures. */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw billingFailureAnswer(error);
  }
}
