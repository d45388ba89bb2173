import { z } from 'zod';
import { zCurrency } from './currencies';
import { keyWithParams } from './field-rules';
import { zPagedRequest, zPagedResult } from './users';
import { VALIDATION_KEYS } from './validation';

/**
 * Customer orders (spec §7 "availableForOrder, customerOrder, productsAndServices"; issue 19): a
 * customer orders watches of one device family, which are reserved from the tenant's stock (In
 * stock and ready for sale) and sent to the customer with their activation codes, and accessories,
 * which are taken from their count.
 */

/** Most watches, and most of one accessory, one order can take. */
export const ORDER_QUANTITY_MAX = 500;
/** Most accessory lines in one order. */
export const ORDER_ACCESSORY_LINES_MAX = 50;

/** Translation keys (namespace `orders`) of the rules the server enforces. */
export const ORDER_MESSAGE_KEYS = {
  notEnoughStock: 'orders:refused.notEnoughStock',
  notEnoughAccessories: 'orders:refused.notEnoughAccessories',
  accessoryEndOfLife: 'orders:refused.accessoryEndOfLife',
  notADeviceFamily: 'orders:refused.notADeviceFamily',
  notAnAccessory: 'orders:refused.notAnAccessory',
  organizationNotOfCustomer: 'orders:refused.organizationNotOfCustomer',
  organizationRequired: 'orders:refused.organizationRequired',
  nothingOrdered: 'orders:refused.nothingOrdered',
  duplicateAccessory: 'orders:refused.duplicateAccessory',
} as const;

/** One device family and how many of its watches can be ordered now. */
export const zAvailableProduct = z.object({
  productId: z.uuid(),
  productName: z.string(),
  available: z.number().int(),
});
export type AvailableProduct = z.infer<typeof zAvailableProduct>;

/** An accessory that can still be ordered (not past its end of life), with its count in stock. */
export const zAvailableAccessory = z.object({
  productId: z.uuid(),
  productName: z.string(),
  count: z.number().int(),
  endOfLifeDate: z.string().nullable(),
});
export type AvailableAccessory = z.infer<typeof zAvailableAccessory>;

/**
 * GET /api/orders/available-for-order: every device family of the tenant with its watches for
 * sale, and the accessories that can be ordered with their counts (what the order dialog offers).
 */
export const zAvailableForOrderResponse = z.object({
  items: z.array(zAvailableProduct),
  accessories: z.array(zAvailableAccessory),
});
export type AvailableForOrderResponse = z.infer<typeof zAvailableForOrderResponse>;

const zQuantity = z.number().int().min(1).max(ORDER_QUANTITY_MAX);

/**
 * POST /api/orders (customerOrder): `quantity` watches of `productId`, and accessories with their
 * quantities; at least one of the two. `organizationId` is the customer's organization the watches
 * go to; it may be left out when the customer has exactly one.
 */
export const zCustomerOrderRequest = z
  .object({
    customerId: z.uuid(),
    productId: z.uuid().nullish(),
    quantity: z.number().int().min(0).max(ORDER_QUANTITY_MAX).optional().default(0),
    organizationId: z.uuid().nullish(),
    accessories: z
      .array(z.object({ productId: z.uuid(), quantity: zQuantity }))
      .max(ORDER_ACCESSORY_LINES_MAX)
      .optional()
      .default([]),
    note: z.string().trim().max(500).optional().default(''),
  })
  .superRefine((value, context) => {
    if (value.productId && value.quantity < 1) {
      const message = keyWithParams(VALIDATION_KEYS.numberMin, { count: 1 });
      context.addIssue({ code: 'custom', path: ['quantity'], message });
    }
    if (!value.productId && value.quantity > 0) {
      context.addIssue({ code: 'custom', path: ['productId'], message: VALIDATION_KEYS.required });
    }
    if (!value.productId && value.accessories.length === 0) {
      context.addIssue({ code: 'custom', path: ['productId'], message: ORDER_MESSAGE_KEYS.nothingOrdered });
    }
    const seen = new Set<string>();
    value.accessories.forEach((line, index) => {
      if (seen.has(line.productId)) {
        context.addIssue({
          code: 'custom',
          path: ['accessories', index, 'productId'],
          message: ORDER_MESSAGE_KEYS.duplicateAccessory,
        });
      }
      seen.add(line.productId);
    });
  });
export type CustomerOrderRequest = z.input<typeof zCustomerOrderRequest>;

export const ORDER_LINE_KINDS = ['deviceFamily', 'accessory'] as const;

/** One line of an order, priced for the customer when it was placed (minor units). */
export const zCustomerOrderLine = z.object({
  productId: z.uuid().nullable(),
  productName: z.string(),
  kind: z.enum(ORDER_LINE_KINDS),
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  currency: zCurrency,
});
export type CustomerOrderLine = z.infer<typeof zCustomerOrderLine>;

/** A watch the order reserved: what the person receiving it types to connect it. */
export const zOrderedDevice = z.object({
  deviceId: z.uuid().nullable(),
  imei: z.string(),
  name: z.string().nullable(),
  /** `ABCDE-FGH23`; null only when the watch has since been deleted. */
  activationCode: z.string().nullable(),
});
export type OrderedDevice = z.infer<typeof zOrderedDevice>;

/** An order in the list: no activation codes. */
export const zCustomerOrderSummary = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  watchCount: z.number().int(),
  accessoryCount: z.number().int(),
  note: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type CustomerOrderSummary = z.infer<typeof zCustomerOrderSummary>;

/** POST /api/orders's answer and GET /api/orders/:id: the order with its lines and watches. */
export const zCustomerOrder = zCustomerOrderSummary.extend({
  lines: z.array(zCustomerOrderLine),
  devices: z.array(zOrderedDevice),
});
export type CustomerOrder = z.infer<typeof zCustomerOrder>;

/** GET /api/orders: newest first; `customerId` limits it to one customer, `filter` searches names and IMEIs. */
export const zCustomerOrderListRequest = zPagedRequest.extend({ customerId: z.uuid().optional() });
export const zCustomerOrderListResponse = zPagedResult(zCustomerOrderSummary);
export type CustomerOrderListResponse = z.infer<typeof zCustomerOrderListResponse>;

/** GET /api/customers/:id/products-and-services: what a customer has. */
export const zProductsAndServices = z.object({
  customerId: z.uuid(),
  /** The customer's watches (in its organizations) by device family; `productId` null = no family. */
  watches: z.array(
    z.object({ productId: z.uuid().nullable(), productName: z.string().nullable(), count: z.number().int() }),
  ),
  /** Accessories ordered for the customer, summed over its orders. */
  accessories: z.array(
    z.object({ productId: z.uuid().nullable(), productName: z.string(), quantity: z.number().int() }),
  ),
  /** Services and subscriptions with a price agreed for the customer (the Pricing tab). */
  services: z.array(
    z.object({
      productId: z.uuid(),
      productName: z.string(),
      kind: z.enum(['service', 'subscription']),
      currency: zCurrency,
      netPriceMinor: z.number().int(),
    }),
  ),
});
export type ProductsAndServices = z.infer<typeof zProductsAndServices>;
