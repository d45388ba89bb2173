import {
  discountedMinor,
  formatActivationCode,
  ORDER_MESSAGE_KEYS,
  PHYSICAL_LOCATIONS,
  type AvailableForOrderResponse,
  type Currency,
  type CustomerOrder,
  type CustomerOrderListResponse,
  type CustomerOrderSummary,
  type ValidationError,
  type zCustomerOrderRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { isoTime, type PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { findCustomer, findLinkedOrganizations } from '../customers';
import { changePhysicalLocation } from '../device-administration';
import { type ActivationCodeProtection, newActivationCodeColumns, storeActivationCode } from '../devices';
import * as stock from './order-stock.repository';
import * as repository from './orders.repository';

type OrderContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'userName' | 'now'>;
type PlaceOrder = z.output<typeof zCustomerOrderRequest>;
type OrderedProduct = Awaited<ReturnType<typeof stock.findOrderedProducts>>[number];

/** The date accessories' end of life is compared with (UTC). */
const todayOf = (ctx: Pick<RequestContext, 'now'>) => ctx.now().toISOString().slice(0, 10);

/**
 * availableForOrder: each device family with the number of its watches for sale now, and the
 * accessories that can still be ordered with their counts.
 */
export async function listAvailableForOrder(
  ctx: Pick<RequestContext, 'db' | 'tenantId' | 'now'>,
): Promise<AvailableForOrderResponse> {
  const items = await stock.findAvailableForOrder(ctx.db, ctx.tenantId);
  const accessories = await stock.findOrderableAccessories(ctx.db, ctx.tenantId, todayOf(ctx));
  return { items, accessories };
}

function toSummary(row: repository.OrderSummaryRow): CustomerOrderSummary {
  return { ...row, createdAt: isoTime(row.createdAt) };
}

export async function listOrders(
  ctx: Pick<RequestContext, 'db' | 'tenantId'>,
  request: PageRequest & { customerId?: string },
): Promise<CustomerOrderListResponse> {
  const { items, totalCount } = await repository.findOrders(ctx.db, ctx.tenantId, request);
  return { items: items.map(toSummary), totalCount };
}

/** One order with its lines and each watch's IMEI and current activation code. */
export async function getOrder(
  ctx: Pick<RequestContext, 'db' | 'tenantId'>,
  id: string,
  codes: ActivationCodeProtection,
): Promise<CustomerOrder> {
  const order = await repository.findOrder(ctx.db, ctx.tenantId, id);
  if (!order) throw new DomainError('not_found');
  const lines = await repository.findOrderLines(ctx.db, ctx.tenantId, id);
  const watches = await repository.findOrderDevices(ctx.db, ctx.tenantId, id);
  return {
    ...toSummary(order),
    lines: lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      kind: line.kind,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      currency: line.currency as Currency,
    })),
    devices: watches.map((watch) => ({
      deviceId: watch.deviceId,
      imei: watch.imei,
      name: watch.name,
      activationCode: watch.activationCodeEncrypted
        ? formatActivationCode(codes.decrypt(watch.activationCodeEncrypted))
        : null,
    })),
  };
}

function fieldErrors(errors: ValidationError[]): DomainError {
  return new DomainError('validation_failed', undefined, undefined, errors);
}

/** The organization the watches go to: the one named (it must be the customer's), or its only one. */
async function destinationOf(ctx: OrderContext, input: PlaceOrder): Promise<string | null> {
  const linked = await findLinkedOrganizations(ctx.db, ctx.tenantId, input.customerId);
  if (input.organizationId) {
    if (linked.some((organization) => organization.id === input.organizationId)) return input.organizationId;
    throw fieldErrors([{ field: 'organizationId', message: ORDER_MESSAGE_KEYS.organizationNotOfCustomer }]);
  }
  if (!input.productId) return null;
  if (linked.length === 1) return linked[0]!.id;
  throw fieldErrors([{ field: 'organizationId', message: ORDER_MESSAGE_KEYS.organizationRequired }]);
}

/** Checks that the order names a device family and accessories of the tenant that can be sold. */
function checkProducts(ctx: OrderContext, input: PlaceOrder, found: Map<string, OrderedProduct>): void {
  const errors: ValidationError[] = [];
  if (input.productId && found.get(input.productId)?.kind !== 'deviceFamily') {
    errors.push({ field: 'productId', message: ORDER_MESSAGE_KEYS.notADeviceFamily });
  }
  const today = todayOf(ctx);
  input.accessories.forEach((line, index) => {
    const product = found.get(line.productId);
    const field = `accessories.${index}.productId`;
    if (product?.kind !== 'accessory') errors.push({ field, message: ORDER_MESSAGE_KEYS.notAnAccessory });
    else if (product.endOfLifeDate && product.endOfLifeDate < today)
      errors.push({ field, message: ORDER_MESSAGE_KEYS.accessoryEndOfLife });
  });
  if (errors.length > 0) throw fieldErrors(errors);
}

/**
 * customerOrder, in the request's one transaction: reserves the watches (locked, skipping those
 * another order holds), takes the accessories from their counts, records the order, and sends each
 * watch to the customer: physical location Sent to customer (checked and kept in the watch's
 * history), the customer's organization, and an activation code for the person who receives it.
 * Short stock is a 409 and nothing is changed.
 */
export async function placeOrder(
  ctx: OrderContext,
  input: PlaceOrder,
  codes: ActivationCodeProtection,
): Promise<CustomerOrder> {
  const customer = await findCustomer(ctx.db, ctx.tenantId, input.customerId);
  if (!customer) throw fieldErrors([{ field: 'customerId', message: 'validation.invalid' }]);
  const organizationId = await destinationOf(ctx, input);
  const ids = [
    ...(input.productId ? [input.productId] : []),
    ...input.accessories.map((line) => line.productId),
  ];
  const found = new Map(
    (await stock.findOrderedProducts(ctx.db, ctx.tenantId, customer.id, ids)).map((row) => [row.id, row]),
  );
  checkProducts(ctx, input, found);
  const now = ctx.now();

  const watches = input.productId
    ? await stock.reserveWatches(ctx.db, ctx.tenantId, input.productId, input.quantity)
    : [];
  if (watches.length < input.quantity) {
    throw new DomainError('conflict', ORDER_MESSAGE_KEYS.notEnoughStock, `available=${watches.length}`);
  }
  // Always in the same order (by id), so two orders taking the same accessories never deadlock.
  const byId = [...input.accessories].sort((a, b) => a.productId.localeCompare(b.productId));
  for (const line of byId) {
    if (!(await stock.takeAccessories(ctx.db, ctx.tenantId, line.productId, line.quantity, now))) {
      throw new DomainError(
        'conflict',
        ORDER_MESSAGE_KEYS.notEnoughAccessories,
        found.get(line.productId)!.name,
      );
    }
  }

  const netPrice = (product: OrderedProduct) =>
    discountedMinor(product.customerPriceMinor ?? product.listPriceMinor, customer.discountBasisPoints);
  const lineOf = (product: OrderedProduct, quantity: number) => ({
    productId: product.id,
    productName: product.name,
    kind: product.kind as 'deviceFamily' | 'accessory',
    quantity,
    unitPriceMinor: netPrice(product),
    currency: product.currency,
  });
  const orderId = await repository.insertOrder(ctx.db, {
    tenantId: ctx.tenantId,
    customerId: customer.id,
    organizationId,
    note: input.note,
    createdByUserId: ctx.userId,
    createdByName: ctx.userName,
    createdAt: now,
  });
  await repository.insertOrderLines(ctx.db, ctx.tenantId, orderId, [
    ...(input.productId && watches.length > 0 ? [lineOf(found.get(input.productId)!, watches.length)] : []),
    ...input.accessories.map((line) => lineOf(found.get(line.productId)!, line.quantity)),
  ]);

  for (const watch of watches) {
    await changePhysicalLocation(ctx.db, {
      tenantId: ctx.tenantId,
      deviceId: watch.id,
      to: PHYSICAL_LOCATIONS.sentToCustomer,
      note: `Order ${orderId} for ${customer.name}`,
      changedBy: { userId: ctx.userId, userName: ctx.userName },
      now,
    });
    await stock.moveWatchToOrganization(ctx.db, ctx.tenantId, watch.id, organizationId!, now);
    if (!watch.activationCodeEncrypted) {
      // A watch registered before codes existed gets its code now, as the box label read would.
      const { printed: _printed, ...columns } = newActivationCodeColumns(codes, watch.imei);
      const options = { onlyIfMissing: true, backInStock: false, now };
      await storeActivationCode(ctx.db, ctx.tenantId, watch.id, columns, options);
    }
  }
  await repository.insertOrderDevices(
    ctx.db,
    ctx.tenantId,
    orderId,
    watches.map((watch) => ({ deviceId: watch.id, imei: watch.imei })),
  );
  return getOrder(ctx, orderId, codes);
}
