import PDFDocument from 'pdfkit';
import type { BillingCustomerDetails } from './billing-provider';
import type { InvoiceRow } from './local-invoices';

/**
 * Who issues the invoices: the company of this installation (COMPANY_NAME, COMPANY_ADDRESS,
 * COMPANY_CVR). The processor prints its account's details on its own PDFs the same way.
 */
export interface InvoiceSeller {
  name: string;
  address: string;
  /** The company registration number, which is the Danish VAT number too. */
  vatNumber: string;
}

const STATUS_TEXT: Record<InvoiceRow['status'], string> = { open: 'Due', paid: 'Paid', void: 'Void' };

/** `12345` øre → `123.45 DKK`. */
export function formatAmount(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const whole = Math.abs(minor);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')} ${currency.toUpperCase()}`;
}

/** A date as `2026-03-01` (UTC), the same on every machine. */
const day = (date: Date) => date.toISOString().slice(0, 10);

function buyerLines(buyer: BillingCustomerDetails): string[] {
  const address = buyer.address ?? {};
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [
    buyer.companyName,
    buyer.name,
    address.line1,
    address.line2,
    cityLine,
    address.state,
    address.country,
    buyer.vatNumber ? `VAT: ${buyer.vatNumber}` : null,
    buyer.email,
    buyer.additionalInfo,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

/**
 * The invoice as a PDF: seller, buyer, invoice number and date, period, lines, VAT and total.
 * Written with the standard Helvetica font as real text, so `pdftotext` reads it back.
 */
export function renderInvoicePdf(invoice: InvoiceRow, seller: InvoiceSeller): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const left = 50;
  const right = 330;
  document.font('Helvetica-Bold').fontSize(20).text(`Invoice ${invoice.number}`, left, 50);
  document.font('Helvetica').fontSize(10);
  document.text(`Status: ${STATUS_TEXT[invoice.status]}`, left, 80);
  document.text(`Invoice date: ${day(invoice.createdAt)}`, left, 94);
  document.text(`Period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`, left, 108);
  if (invoice.paidAt) document.text(`Paid: ${day(invoice.paidAt)}`, left, 122);

  document.font('Helvetica-Bold').text('From', left, 150);
  document
    .font('Helvetica')
    .text([seller.name, seller.address, `CVR/VAT: ${seller.vatNumber}`].join('\n'), left, 164, {
      width: 250,
    });
  const sellerBottom = document.y;
  document.font('Helvetica-Bold').text('Bill to', right, 150);
  document.font('Helvetica').text(buyerLines(invoice.buyer).join('\n') || '-', right, 164, { width: 215 });

  // Below the longer of the two address blocks (a buyer may give many lines).
  let y = Math.max(270, sellerBottom + 24, document.y + 24);
  document.font('Helvetica-Bold');
  document.text('Description', left, y);
  document.text('Period', 300, y);
  document.text('Amount', 440, y, { width: 105, align: 'right' });
  document
    .moveTo(left, y + 14)
    .lineTo(545, y + 14)
    .stroke();
  document.font('Helvetica');
  for (const line of invoice.lines) {
    y += 22;
    document.text(`${line.quantity} x ${line.description}`, left, y, { width: 240 });
    document.text(`${day(new Date(line.periodStart))} to ${day(new Date(line.periodEnd))}`, 300, y, {
      width: 140,
    });
    document.text(formatAmount(line.amount, invoice.currency), 440, y, { width: 105, align: 'right' });
    y = Math.max(y, document.y - 8);
  }

  y += 36;
  const rate = invoice.taxRateBasisPoints / 100;
  const totals: [string, number][] = [
    ['Subtotal excl. VAT', invoice.subtotal],
    [`VAT ${rate}%`, invoice.tax],
    ['Total incl. VAT', invoice.total],
  ];
  for (const [label, amount] of totals) {
    document.font(label.startsWith('Total') ? 'Helvetica-Bold' : 'Helvetica');
    document.text(label, 300, y);
    document.text(formatAmount(amount, invoice.currency), 440, y, { width: 105, align: 'right' });
    y += 16;
  }
  document.end();
  return finished;
}
