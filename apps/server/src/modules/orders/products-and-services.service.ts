import { discountedMinor, type Currency, type ProductsAndServices } from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { findCustomer } from '../customers';
import * as repository from './products-and-services.repository';

/**
 * productsAndServices: what a customer has. Its watches are those in the organizations that name
 * it as their customer (ordered watches are sent there), counted per device family; accessories
 * are summed over its orders; services and subscriptions are those with a price agreed for it on
 * the Pricing tab, at that price less its discount.
 */
export async function getProductsAndServices(
  ctx: Pick<RequestContext, 'db' | 'tenantId'>,
  customerId: string,
): Promise<ProductsAndServices> {
  const customer = await findCustomer(ctx.db, ctx.tenantId, customerId);
  if (!customer) throw new DomainError('not_found');
  const watches = await repository.findCustomerWatchesByProduct(ctx.db, ctx.tenantId, customerId);
  const accessories = await repository.findCustomerAccessories(ctx.db, ctx.tenantId, customerId);
  const services = await repository.findCustomerServices(ctx.db, ctx.tenantId, customerId);
  return {
    customerId,
    watches,
    accessories,
    services: services.map((service) => ({
      productId: service.productId,
      productName: service.productName,
      kind: service.kind as 'service' | 'subscription',
      currency: service.currency as Currency,
      netPriceMinor: discountedMinor(service.priceMinor, customer.discountBasisPoints),
    })),
  };
}
