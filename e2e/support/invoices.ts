import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { formatMoney, type Customer, type CustomerPricing } from '@homeward/contracts';
import { apiRequest } from './accounts';
import { randomImei } from './watches';

/** The demo catalogue's products the invoice journey prices (seeded for Demo Kommune). */
export const WATCH_PRODUCT = 'Homeward Watch 4G';
export const SUBSCRIPTION_PRODUCT = 'Tracking subscription (monthly)';

/** What the invoice journey sets up through the API: a customer of its own, billed for its watches. */
export interface InvoicedCustomer {
  id: string;
  name: string;
  invoiceEmail: string;
  organizationId: string;
  watchNames: [string, string];
}

/** The prices the journey agrees with its customer, in øre, and its discount in percent. */
export const JOURNEY_PRICES = { watchMinor: 120_000, subscriptionMinor: 8_000, discountPercentage: 12.5 };

async function send<T>(
  baseUrl: string,
  token: string,
  path: string,
  method: string,
  body: unknown,
): Promise<T> {
  const response = await apiRequest(baseUrl, path, { method, token, body: JSON.stringify(body) });
  return (await response.json()) as T;
}

/**
 * A new customer of the staff's tenant (a Danish municipality paying DKK, with an invoice e-mail,
 * a discount and its own prices of the demo watch family and subscription), a new organization
 * linked to it, and two new watches of that family registered in the organization: everything an
 * invoice run bills, new on every call, so the journey depends on no other journey's data.
 */
export async function setUpInvoicedCustomer(
  baseUrl: string,
  staffToken: string,
  suffix: string,
): Promise<InvoicedCustomer> {
  const name = `Invoice journey ${suffix}`;
  const invoiceEmail = `faktura.${suffix}@invoice-journey.example`;
  const customer = await send<Customer>(baseUrl, staffToken, '/api/customers', 'POST', {
    name,
    city: 'Demoby',
    email: `kontakt.${suffix}@invoice-journey.example`,
    invoiceEmail,
    type: 'municipality',
    taxZone: 'domestic',
    currency: 'DKK',
  });
  const pricing = await send<CustomerPricing>(
    baseUrl,
    staffToken,
    `/api/customers/${customer.id}/discount`,
    'PUT',
    { discountPercentage: JOURNEY_PRICES.discountPercentage },
  );
  const productId = (productName: string) => {
    const product = pricing.items.find((item) => item.productName === productName);
    if (!product) throw new Error(`the demo catalogue has no "${productName}"`);
    return product.productId;
  };
  await send<CustomerPricing>(baseUrl, staffToken, `/api/customers/${customer.id}/prices`, 'PUT', {
    prices: [
      { productId: productId(WATCH_PRODUCT), priceMinor: JOURNEY_PRICES.watchMinor },
      { productId: productId(SUBSCRIPTION_PRODUCT), priceMinor: JOURNEY_PRICES.subscriptionMinor },
    ],
  });
  const organization = await send<{ id: string }>(baseUrl, staffToken, '/api/organizations', 'POST', {
    displayName: `Invoice journey care ${suffix}`,
    customerId: customer.id,
  });
  const watchNames: [string, string] = [`Invoice watch A ${suffix}`, `Invoice watch B ${suffix}`];
  for (const watchName of watchNames) {
    await send(baseUrl, staffToken, '/api/devices', 'POST', {
      name: watchName,
      imei: randomImei(),
      organizationId: organization.id,
      productId: productId(WATCH_PRODUCT),
    });
  }
  return { id: customer.id, name, invoiceEmail, organizationId: organization.id, watchNames };
}

/**
 * An amount as the English screens write it (`DKK 2,712.50`), as a pattern: the browser may put
 * a no-break space between the currency and the number where Node puts a plain one.
 */
export function moneyPattern(minor: number, currency = 'DKK'): RegExp {
  const text = formatMoney(minor, currency, 'en').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(text.replace(/\s/g, '\\s'));
}

interface LoggedInvoiceEmail {
  to: string;
  subject: string;
  body: string;
  attachments?: { fileName: string; contentType: string; size: number }[];
}

/**
 * Waits until the embedded e-mail transport has logged an e-mail to `to` whose subject matches,
 * and returns it with its attachments (logged by name, type and size).
 */
export async function waitForLoggedEmail(
  logFile: string,
  to: string,
  subject: RegExp,
  timeoutMs = 30_000,
): Promise<LoggedInvoiceEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const line of readFileSync(logFile, 'utf8').split('\n').reverse()) {
      if (!line.includes('"outbox"')) continue;
      try {
        const email = (JSON.parse(line) as { outbox?: LoggedInvoiceEmail }).outbox;
        if (email?.to?.toLowerCase() === to.toLowerCase() && subject.test(email.subject)) return email;
      } catch {
        // Not a JSON log line.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} with a subject matching ${subject} within ${timeoutMs} ms`);
}

/** A cell's number: exceljs gives a plain number, or `{ result }` for a formula. */
function numberIn(cell: ExcelJS.Cell): number {
  const value = cell.value;
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'result' in value && typeof value.result === 'number')
    return value.result;
  throw new Error(`cell ${cell.address} holds no number: ${JSON.stringify(value)}`);
}

/** What the invoice Excel file says, read back with exceljs: its invoice rows, total rows and lines. */
export interface InvoiceWorkbook {
  invoices: { number: number; payer: string; status: string; currency: string; total: number }[];
  totals: { currency: string; subtotal: number; vat: number; total: number }[];
  lines: { number: number; deviceName: string; amount: number }[];
}

/** Reads the invoices sheet (invoices, then a total row per currency) and the lines sheet. */
export async function readInvoiceWorkbook(file: string): Promise<InvoiceWorkbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const [invoiceSheet, lineSheet] = workbook.worksheets;
  if (!invoiceSheet || !lineSheet) throw new Error('the workbook has not the invoices and lines sheets');
  const result: InvoiceWorkbook = { invoices: [], totals: [], lines: [] };
  invoiceSheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const text = (column: number) => String(row.getCell(column).value ?? '');
    if (typeof row.getCell(2).value === 'number') {
      result.invoices.push({
        number: numberIn(row.getCell(2)),
        payer: text(3),
        status: text(7),
        currency: text(8),
        total: numberIn(row.getCell(11)),
      });
    } else {
      result.totals.push({
        currency: text(8),
        subtotal: numberIn(row.getCell(9)),
        vat: numberIn(row.getCell(10)),
        total: numberIn(row.getCell(11)),
      });
    }
  });
  lineSheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    result.lines.push({
      number: numberIn(row.getCell(2)),
      deviceName: String(row.getCell(4).value ?? ''),
      amount: numberIn(row.getCell(7)),
    });
  });
  return result;
}
