import {
  discountedMinor,
  INVOICE_DUE_DAYS,
  INVOICE_MESSAGE_KEYS,
  INVOICE_STATUSES,
  invoiceTotalsOf,
  VAT_RATE_BASIS_POINTS,
  type InvoiceRunResponse,
} from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import { uuidv7 } from '../../platform/db/uuid-v7';
import * as run from './invoice-run.repository';
import { requireOrganizationTenant, type InvoiceContext } from './invoice-tenant';
import { insertInvoices } from './invoices.repository';
import type { NewInvoiceLine } from './invoices.schema';

/** The first instant of the month and of the next one, UTC. */
export function monthPeriod(month: string): { month: string; start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    month,
    start: new Date(Date.UTC(year, monthNumber - 1, 1)),
    end: new Date(Date.UTC(year, monthNumber, 1)),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

type Customer = Awaited<ReturnType<typeof run.findBillableCustomers>>[number];
type PricedProduct = { listPriceMinor: number | null; customerPriceMinor: number | null };
type DraftLine = Omit<NewInvoiceLine, 'tenantId' | 'invoiceId' | 'position' | 'month'>;

/**
 * The customer's price of a product, as the customer's Pricing tab shows it: the customer's own
 * price, else the list price, less the customer's discount (`discountedMinor`, rounded half up).
 */
function netPriceOf(product: PricedProduct, customer: Customer): number {
  return discountedMinor(
    product.customerPriceMinor ?? product.listPriceMinor ?? 0,
    customer.discountBasisPoints,
  );
}

/**
 * The monthly run: one draft invoice per customer of the tenant with anything to bill, numbered
 * from the tenant's counter in this (the request's) transaction. Customers invoiced for the month
 * already are counted, not invoiced again; so are customers with nothing to bill.
 */
export async function runInvoices(ctx: InvoiceContext, month: string): Promise<InvoiceRunResponse> {
  const tenantId = await requireOrganizationTenant(ctx);
  const period = monthPeriod(month);
  const now = ctx.now();
  if (period.start > now) {
    throw new DomainError('validation_failed', undefined, undefined, [
      { field: 'month', message: INVOICE_MESSAGE_KEYS.monthInFuture },
    ]);
  }
  // Locks the tenant's counter first: a second run of the tenant waits here until this one ends,
  // then sees its invoices and makes nothing twice.
  await run.takeInvoiceNumbers(ctx.db, tenantId, 0);

  const [customers, invoiced, devices, services] = [
    await run.findBillableCustomers(ctx.db, tenantId),
    await run.findInvoicedCustomerIds(ctx.db, tenantId, month),
    await run.findBillableDevices(ctx.db, tenantId, period),
    await run.findCustomerServices(ctx.db, tenantId),
  ];
  const linesByCustomer = new Map<string, DraftLine[]>();
  const push = (customerId: string, line: DraftLine) => {
    const lines = linesByCustomer.get(customerId) ?? [];
    lines.push(line);
    linesByCustomer.set(customerId, lines);
  };
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  let skippedLines = 0;
  // Without an exchange rate a price in another currency cannot be billed: the line is left out
  // and counted, so the run's answer says so.
  const billable = (customer: Customer, currency: string | null) => {
    if (currency === null || currency === customer.currency) return true;
    skippedLines += 1;
    return false;
  };

  for (const device of devices) {
    const customer = byId.get(device.customerId);
    if (!customer || invoiced.has(customer.id) || !billable(customer, device.currency)) continue;
    const unitPriceMinor = netPriceOf(device, customer);
    push(customer.id, {
      kind: 'device',
      productId: device.productId,
      description: device.productName ?? device.deviceName,
      deviceId: device.deviceId,
      deviceName: device.deviceName,
      quantity: 1,
      unitPriceMinor,
      amountMinor: unitPriceMinor,
    });
  }
  for (const service of services) {
    const customer = byId.get(service.customerId);
    if (!customer || invoiced.has(customer.id) || !billable(customer, service.currency)) continue;
    const unitPriceMinor = netPriceOf(service, customer);
    push(customer.id, {
      kind: service.kind === 'subscription' ? 'subscription' : 'service',
      productId: service.productId,
      description: service.productName,
      deviceId: null,
      deviceName: null,
      quantity: 1,
      unitPriceMinor,
      amountMinor: unitPriceMinor,
    });
  }

  const toInvoice = customers.filter((customer) => linesByCustomer.has(customer.id));
  const alreadyInvoiced = customers.filter((customer) => invoiced.has(customer.id)).length;
  if (!toInvoice.length) {
    return {
      month,
      created: 0,
      alreadyInvoiced,
      nothingToInvoice: customers.length - alreadyInvoiced,
      skippedLines,
      invoiceIds: [],
    };
  }
  const firstNumber = await run.takeInvoiceNumbers(ctx.db, tenantId, toInvoice.length);
  const issuedDate = isoDay(now);
  const dueDate = isoDay(addDays(now, INVOICE_DUE_DAYS));
  const allLines: NewInvoiceLine[] = [];
  const rows = toInvoice.map((customer, index) => {
    const id = uuidv7();
    const lines = linesByCustomer.get(customer.id)!;
    const vatRateBasisPoints = VAT_RATE_BASIS_POINTS[customer.taxZone];
    lines.forEach((line, position) => allLines.push({ ...line, tenantId, invoiceId: id, position, month }));
    return {
      id,
      tenantId,
      number: firstNumber + index,
      customerId: customer.id,
      payerName: customer.name,
      invoiceEmail: customer.invoiceEmail || customer.email,
      month,
      issuedDate,
      dueDate,
      status: INVOICE_STATUSES.draft,
      currency: customer.currency,
      taxZone: customer.taxZone,
      vatRateBasisPoints,
      ...invoiceTotalsOf(
        lines.map((line) => line.amountMinor),
        vatRateBasisPoints,
      ),
    };
  });
  const invoiceIds = await insertInvoices(ctx.db, rows);
  await run.insertInvoiceLines(ctx.db, allLines);
  return {
    month,
    created: rows.length,
    alreadyInvoiced,
    nothingToInvoice: customers.length - alreadyInvoiced - rows.length,
    skippedLines,
    invoiceIds,
  };
}
