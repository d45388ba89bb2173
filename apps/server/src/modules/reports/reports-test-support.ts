import ExcelJS from 'exceljs';
import type { Database } from '../../platform/db/database';
import { alarms } from '../alarms/alarms.schema';
import { devices } from '../devices/devices.schema';
import { randomInt } from 'node:crypto';

/**
 * A minimal RFC 4180 reader for the tests: quoted fields with doubled quotes and line breaks, CRLF
 * records; the byte order mark is checked and removed by the caller.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** Every sheet of an xlsx as rows of cell values (row 1 is the header). */
export async function readXlsx(body: Buffer): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets.set(sheet.name, rows);
  }
  return sheets;
}

/** A watch of the tenant in an organization. */
export async function givenDevice(db: Database, tenantId: string, organizationId: string, name: string) {
  const [row] = await db
    .insert(devices)
    .values({ tenantId, organizationId, name, imei: `${randomInt(1e9, 1e10 - 1)}${randomInt(1e4, 1e5 - 1)}` })
    .returning({ id: devices.id, imei: devices.imei });
  return row!;
}

/** An alarm raised at `firstAt`, acknowledged and handled the given seconds later (null: not yet). */
export async function givenAlarm(
  db: Database,
  options: {
    tenantId: string;
    deviceId: string;
    firstAt: string;
    acknowledgeAfter?: number | null;
    handleAfter?: number | null;
    userId?: string;
    note?: string;
  },
) {
  const first = new Date(options.firstAt);
  const later = (seconds: number | null | undefined) =>
    seconds === null || seconds === undefined ? null : new Date(first.getTime() + seconds * 1000);
  const acknowledgedAt = later(options.acknowledgeAfter);
  const handledAt = later(options.handleAfter);
  await db.insert(alarms).values({
    tenantId: options.tenantId,
    deviceId: options.deviceId,
    kind: 'sos',
    state: handledAt ? 'handled' : acknowledgedAt ? 'acknowledged' : 'open',
    firstAt: first,
    lastAt: first,
    acknowledgedAt,
    acknowledgedBy: acknowledgedAt ? (options.userId ?? null) : null,
    handledAt,
    handledBy: handledAt ? (options.userId ?? null) : null,
    note: options.note ?? null,
  });
}
