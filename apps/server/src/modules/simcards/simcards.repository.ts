import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { SimcardStatus } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { inList, inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { devices } from '../devices/devices.schema';
import { simcards, type SimcardInsert, type SimcardRow } from './simcards.schema';

/** SIM cards repository: every query is limited to one tenant. */

export interface SimcardPageRequest extends PageRequest {
  status?: SimcardStatus;
}

/** A SIM with the watch it is paired with (null when unpaired or the watch is not visible). */
export interface SimcardView {
  simcard: SimcardRow;
  device: { id: string; imei: string; name: string } | null;
}

const SORT_COLUMNS = {
  iccid: simcards.iccid,
  msisdn: simcards.msisdn,
  operator: simcards.operator,
  status: simcards.status,
  createdAt: simcards.createdAt,
  updatedAt: simcards.updatedAt,
};

/**
 * The search matches ICCID, MSISDN, operator, note and the paired watch's IMEI as typed, and
 * number-like input by its digits too, so `20 30 40` finds `+4520304050` and a spaced ICCID.
 */
function searchOf(filter: string | undefined): SQL | undefined {
  if (!filter) return undefined;
  const pattern = likePattern(filter);
  const digits = filter.replace(/[\s().+-]/g, '');
  const byDigits = /^\d+$/.test(digits) && digits !== filter ? likePattern(digits) : undefined;
  return or(
    ilike(simcards.iccid, pattern),
    ilike(simcards.msisdn, pattern),
    ilike(simcards.operator, pattern),
    ilike(simcards.note, pattern),
    ilike(devices.imei, pattern),
    byDigits ? or(ilike(simcards.iccid, byDigits), ilike(simcards.msisdn, byDigits)) : undefined,
  );
}

const VIEW_COLUMNS = {
  simcard: simcards,
  deviceId: devices.id,
  deviceImei: devices.imei,
  deviceName: devices.name,
};

function toView(row: {
  simcard: SimcardRow;
  deviceId: string | null;
  deviceImei: string | null;
  deviceName: string | null;
}): SimcardView {
  return {
    simcard: row.simcard,
    device: row.deviceId ? { id: row.deviceId, imei: row.deviceImei!, name: row.deviceName! } : null,
  };
}

function selectViews(db: Database) {
  return db.select(VIEW_COLUMNS).from(simcards).leftJoin(devices, eq(devices.id, simcards.deviceId));
}

/** One page of a tenant's SIMs with their watches, searched and filtered by status. */
export async function findSimcards(
  db: Database,
  tenantId: string | null,
  page: SimcardPageRequest,
): Promise<{ items: SimcardView[]; totalCount: number }> {
  const where = and(
    inTenant(simcards.tenantId, tenantId),
    searchOf(page.filter),
    page.status ? eq(simcards.status, page.status) : undefined,
  );
  const orderBy = orderByOf(page.sorting, SORT_COLUMNS, desc(simcards.createdAt));
  const rows = await selectViews(db)
    .where(where)
    .orderBy(orderBy, simcards.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db
    .select({ n: count() })
    .from(simcards)
    .leftJoin(devices, eq(devices.id, simcards.deviceId))
    .where(where);
  return { items: rows.map(toView), totalCount: total?.n ?? 0 };
}

/** The tenant's SIM with its watch, by id, ICCID or MSISDN (the active one first, then the newest). */
export async function findSimcardView(
  db: Database,
  tenantId: string | null,
  by: { id: string } | { iccid: string } | { msisdn: string },
): Promise<SimcardView | undefined> {
  const match =
    'id' in by
      ? eq(simcards.id, by.id)
      : 'iccid' in by
        ? eq(simcards.iccid, by.iccid)
        : eq(simcards.msisdn, by.msisdn);
  const [row] = await selectViews(db)
    .where(and(inTenant(simcards.tenantId, tenantId), match))
    .orderBy(sql`${simcards.status} = 'active' desc`, desc(simcards.updatedAt))
    .limit(1);
  return row ? toView(row) : undefined;
}

export async function findSimcard(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<SimcardRow | undefined> {
  const [row] = await db
    .select()
    .from(simcards)
    .where(and(inTenant(simcards.tenantId, tenantId), eq(simcards.id, id)));
  return row;
}

/** The tenant's SIMs with any of these ICCIDs (digits only), in one query. */
export function findSimcardsByIccids(
  db: Database,
  tenantId: string | null,
  iccids: readonly string[],
): Promise<SimcardRow[]> {
  if (iccids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(simcards)
    .where(and(inTenant(simcards.tenantId, tenantId), inList(simcards.iccid, iccids, 'text')));
}

/** The tenant's SIMs with any of these ids. */
export function findSimcardsByIds(
  db: Database,
  tenantId: string | null,
  ids: readonly string[],
): Promise<SimcardRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(simcards)
    .where(and(inTenant(simcards.tenantId, tenantId), inList(simcards.id, ids)));
}

/** The tenant's active SIMs holding any of these MSISDNs (each number is held by one at most). */
export function findActiveSimcardsByMsisdns(
  db: Database,
  tenantId: string | null,
  msisdns: readonly string[],
): Promise<Pick<SimcardRow, 'id' | 'iccid' | 'msisdn'>[]> {
  if (msisdns.length === 0) return Promise.resolve([]);
  return db
    .select({ id: simcards.id, iccid: simcards.iccid, msisdn: simcards.msisdn })
    .from(simcards)
    .where(
      and(
        inTenant(simcards.tenantId, tenantId),
        eq(simcards.status, 'active'),
        inList(simcards.msisdn, msisdns, 'text'),
      ),
    );
}

/** The SIMs paired with any of these watches. */
export function findSimcardsByDeviceIds(
  db: Database,
  tenantId: string | null,
  deviceIds: readonly string[],
): Promise<SimcardRow[]> {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(simcards)
    .where(and(inTenant(simcards.tenantId, tenantId), inList(simcards.deviceId, deviceIds)));
}

export async function insertSimcard(db: Database, values: SimcardInsert): Promise<SimcardRow> {
  const [row] = await db.insert(simcards).values(values).returning();
  return row!;
}

/**
 * Inserts new SIMs with one statement. An ICCID the tenant got meanwhile (a parallel upload of the
 * same file) is skipped, not doubled; the answer holds the rows actually inserted.
 */
export function insertNewSimcards(
  db: Database,
  rows: SimcardInsert[],
): Promise<{ id: string; iccid: string }[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insert(simcards)
    .values(rows)
    .onConflictDoNothing({ target: [simcards.tenantId, simcards.iccid] })
    .returning({ id: simcards.id, iccid: simcards.iccid });
}

export async function updateSimcard(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Partial<SimcardInsert>,
): Promise<SimcardRow | undefined> {
  const [row] = await db
    .update(simcards)
    .set(values)
    .where(and(inTenant(simcards.tenantId, tenantId), eq(simcards.id, id)))
    .returning();
  return row;
}

/** The tenant's watches with any of these IMEIs. */
export function findDevicesByImeis(
  db: Database,
  tenantId: string | null,
  imeis: readonly string[],
): Promise<{ id: string; imei: string; phoneNumber: string | null }[]> {
  if (imeis.length === 0) return Promise.resolve([]);
  return db
    .select({ id: devices.id, imei: devices.imei, phoneNumber: devices.phoneNumber })
    .from(devices)
    .where(and(inTenant(devices.tenantId, tenantId), inList(devices.imei, imeis, 'text')));
}

/**
 * Sets a watch's phone number (its SIM's MSISDN), or clears it. `onlyIf` leaves a number that is
 * not the given one alone: unpairing a SIM clears the number it gave, never one typed in later.
 */
export async function setDevicePhoneNumber(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  phoneNumber: string | null,
  now: Date,
  onlyIf?: string,
): Promise<void> {
  await db
    .update(devices)
    .set({ phoneNumber, updatedAt: now })
    .where(
      and(
        inTenant(devices.tenantId, tenantId),
        eq(devices.id, deviceId),
        onlyIf === undefined ? undefined : eq(devices.phoneNumber, onlyIf),
      ),
    );
}
