import { z } from 'zod';
import { zCurrency, zMoneyMinor } from './currencies';
import { zOptionalDigits, zOptionalEmail, zOptionalPhone, zOptionalText } from './field-rules';
import { PRODUCT_KINDS } from './products';
import { zPagedRequest, zPagedResult } from './users';
import { VALIDATION_KEYS } from './validation';

/** Contracts of the customers feature (/api/customers): spec §3 "Customer", §5 discount 0 to 100. */

export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;
export const BILLING_METHODS = ['email', 'ean', 'post'] as const;
export const CUSTOMER_TYPES = ['municipality', 'region', 'business', 'private'] as const;
export const TAX_ZONES = ['domestic', 'eu', 'nonEu'] as const;
export const CUSTOMER_SORT_FIELDS = ['name', 'city', 'status', 'createdAt'] as const;

/** Translation keys (namespace `customers`) of the rules the server enforces. */
export const CUSTOMER_MESSAGE_KEYS = {
  unknownProduct: 'customers:unknownProduct',
} as const;

/** The discount is stored in basis points (1/100 of a percent), so 12.5 % is exactly 1250. */
export const DISCOUNT_BASIS_POINTS_PER_PERCENT = 100;

export const zCustomer = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  /** The owning tenant's name: shown when a host lists All tenants. */
  tenantName: z.string().nullable(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string(),
  email: z.string(),
  invoiceEmail: z.string(),
  agreementResponsibleName: z.string(),
  agreementResponsiblePhone: z.string(),
  agreementResponsibleEmail: z.string(),
  phone: z.string(),
  status: z.enum(CUSTOMER_STATUSES),
  preferredBillingMethod: z.enum(BILLING_METHODS),
  type: z.enum(CUSTOMER_TYPES),
  taxZone: z.enum(TAX_ZONES),
  currency: zCurrency,
  cvr: z.string(),
  ean: z.string(),
  note: z.string(),
  discountPercentage: z.number(),
  contactCount: z.number().int(),
  createdAt: z.string(),
  /** The organizations whose customer this is; only on the single-customer read. */
  linkedOrganizations: z.array(z.object({ id: z.uuid(), displayName: z.string() })).optional(),
});
export type Customer = z.infer<typeof zCustomer>;

export const zCustomerListRequest = zPagedRequest;
export const zCustomerListResponse = zPagedResult(zCustomer);
export type CustomerListResponse = z.infer<typeof zCustomerListResponse>;

/** POST /api/customers and PUT /api/customers/:id. */
export const zSaveCustomerRequest = z.object({
  name: z.string().trim().min(1).max(128),
  address: zOptionalText(256),
  city: zOptionalText(64),
  zipCode: zOptionalText(16),
  country: zOptionalText(64),
  email: zOptionalEmail,
  invoiceEmail: zOptionalEmail,
  agreementResponsibleName: zOptionalText(128),
  agreementResponsiblePhone: zOptionalPhone,
  agreementResponsibleEmail: zOptionalEmail,
  phone: zOptionalPhone,
  status: z.enum(CUSTOMER_STATUSES).optional().default('active'),
  preferredBillingMethod: z.enum(BILLING_METHODS).optional().default('email'),
  type: z.enum(CUSTOMER_TYPES).optional().default('municipality'),
  taxZone: z.enum(TAX_ZONES).optional().default('domestic'),
  currency: zCurrency.optional().default('DKK'),
  /** Danish company number: 8 digits. */
  cvr: zOptionalDigits(8),
  /** EAN location number for electronic invoices: 13 digits. */
  ean: zOptionalDigits(13),
  note: zOptionalText(2000),
});
export type SaveCustomerRequest = z.input<typeof zSaveCustomerRequest>;

/** PUT /api/customers/:id/discount: 0 to 100 with at most two decimals (12.5 works). */
export const zCustomerDiscountRequest = z.object({
  discountPercentage: z
    .number()
    .min(0)
    .max(100)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, VALIDATION_KEYS.invalid),
});
export type CustomerDiscountRequest = z.input<typeof zCustomerDiscountRequest>;

/** One catalogue product as priced for one customer. Money in the product's currency, minor units. */
export const zCustomerPrice = z.object({
  productId: z.uuid(),
  productName: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  currency: zCurrency,
  listPriceMinor: z.number().int(),
  /** The customer's own price; null means the list price applies. */
  customerPriceMinor: z.number().int().nullable(),
  /** Customer price (or list price) less the customer's discount, rounded to the minor unit. */
  netPriceMinor: z.number().int(),
});
export type CustomerPrice = z.infer<typeof zCustomerPrice>;

/** GET /api/customers/:id/prices (and the answer of the price writes). */
export const zCustomerPricing = z.object({
  discountPercentage: z.number(),
  items: z.array(zCustomerPrice),
});
export type CustomerPricing = z.infer<typeof zCustomerPricing>;

/**
 * PUT /api/customers/:id/prices: the customer's prices of the listed products; `null` returns one
 * product to its list price. Products not listed keep their price.
 */
export const zSetCustomerPricesRequest = z.object({
  prices: z
    .array(z.object({ productId: z.uuid(), priceMinor: zMoneyMinor.nullable() }))
    .min(1)
    .max(500),
});
export type SetCustomerPricesRequest = z.input<typeof zSetCustomerPricesRequest>;

/** `price` less `basisPoints` of discount, rounded half up to the minor unit. */
export function discountedMinor(price: number, basisPoints: number): number {
  return Math.round((price * (10_000 - basisPoints)) / 10_000);
}
