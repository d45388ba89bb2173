import {
  CUSTOMER_MESSAGE_KEYS,
  discountedMinor,
  DISCOUNT_BASIS_POINTS_PER_PERCENT,
  type Currency,
  type Customer,
  type CustomerListResponse,
  type CustomerPricing,
  type zCustomerDiscountRequest,
  type zSaveCustomerRequest,
  type zSetCustomerPricesRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { isoTime, type PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './customers.repository';

type CustomerContext = Pick<RequestContext, 'db' | 'tenantId'>;
type SaveCustomer = z.output<typeof zSaveCustomerRequest>;

function toCustomer(row: repository.CustomerListRow): Customer {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    name: row.name,
    address: row.address,
    city: row.city,
    zipCode: row.zipCode,
    country: row.country,
    email: row.email,
    invoiceEmail: row.invoiceEmail,
    agreementResponsibleName: row.agreementResponsibleName,
    agreementResponsiblePhone: row.agreementResponsiblePhone,
    agreementResponsibleEmail: row.agreementResponsibleEmail,
    phone: row.phone,
    status: row.status,
    preferredBillingMethod: row.preferredBillingMethod,
    type: row.type,
    taxZone: row.taxZone,
    currency: row.currency as Currency,
    cvr: row.cvr,
    ean: row.ean,
    note: row.note,
    discountPercentage: row.discountBasisPoints / DISCOUNT_BASIS_POINTS_PER_PERCENT,
    contactCount: row.contactCount,
    createdAt: isoTime(row.createdAt),
  };
}

export async function listCustomers(ctx: CustomerContext, page: PageRequest): Promise<CustomerListResponse> {
  const { items, totalCount } = await repository.findCustomers(ctx.db, ctx.tenantId, page);
  return { items: items.map(toCustomer), totalCount };
}

export async function getCustomer(ctx: CustomerContext, id: string): Promise<Customer> {
  const row = await repository.findCustomer(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  return {
    ...toCustomer(row),
    linkedOrganizations: await repository.findLinkedOrganizations(ctx.db, ctx.tenantId, id),
  };
}

export async function createCustomer(ctx: CustomerContext, input: SaveCustomer): Promise<Customer> {
  const id = await repository.insertCustomer(ctx.db, { tenantId: ctx.tenantId, ...input });
  return getCustomer(ctx, id);
}

export async function updateCustomer(
  ctx: CustomerContext,
  id: string,
  input: SaveCustomer,
): Promise<Customer> {
  if (!(await repository.updateCustomer(ctx.db, ctx.tenantId, id, input))) throw new DomainError('not_found');
  return getCustomer(ctx, id);
}

export async function deleteCustomer(ctx: CustomerContext, id: string): Promise<void> {
  if (!(await repository.deleteCustomer(ctx.db, ctx.tenantId, id))) throw new DomainError('not_found');
}

/** Every product of the tenant with the list price, the customer's price and the net price. */
export async function getCustomerPricing(ctx: CustomerContext, id: string): Promise<CustomerPricing> {
  const customer = await getCustomer(ctx, id);
  const basisPoints = Math.round(customer.discountPercentage * DISCOUNT_BASIS_POINTS_PER_PERCENT);
  const rows = await repository.findCustomerPrices(ctx.db, ctx.tenantId, id);
  return {
    discountPercentage: customer.discountPercentage,
    items: rows.map((row) => ({
      ...row,
      currency: row.currency as Currency,
      netPriceMinor: discountedMinor(row.customerPriceMinor ?? row.listPriceMinor, basisPoints),
    })),
  };
}

export async function setCustomerDiscount(
  ctx: CustomerContext,
  id: string,
  input: z.output<typeof zCustomerDiscountRequest>,
): Promise<CustomerPricing> {
  const discountBasisPoints = Math.round(input.discountPercentage * DISCOUNT_BASIS_POINTS_PER_PERCENT);
  if (!(await repository.updateCustomer(ctx.db, ctx.tenantId, id, { discountBasisPoints }))) {
    throw new DomainError('not_found');
  }
  return getCustomerPricing(ctx, id);
}

/** Sets the customer's own prices; each product must be in the tenant's catalogue. */
export async function setCustomerPrices(
  ctx: CustomerContext,
  id: string,
  input: z.output<typeof zSetCustomerPricesRequest>,
): Promise<CustomerPricing> {
  const pricing = await getCustomerPricing(ctx, id);
  const known = new Set(pricing.items.map((item) => item.productId));
  const unknown = input.prices.flatMap((price, index) =>
    known.has(price.productId)
      ? []
      : [{ field: `prices.${index}.productId`, message: CUSTOMER_MESSAGE_KEYS.unknownProduct }],
  );
  if (unknown.length) throw new DomainError('validation_failed', undefined, undefined, unknown);
  for (const price of input.prices) {
    if (price.priceMinor === null) {
      await repository.deleteCustomerPrices(ctx.db, ctx.tenantId, id, price.productId);
    } else {
      await repository.upsertCustomerPrice(ctx.db, {
        tenantId: ctx.tenantId,
        customerId: id,
        productId: price.productId,
        priceMinor: price.priceMinor,
      });
    }
  }
  return getCustomerPricing(ctx, id);
}

/** Every product back to its list price (the discount stays). */
export async function resetCustomerPrices(ctx: CustomerContext, id: string): Promise<CustomerPricing> {
  await getCustomer(ctx, id);
  await repository.deleteCustomerPrices(ctx.db, ctx.tenantId, id);
  return getCustomerPricing(ctx, id);
}
