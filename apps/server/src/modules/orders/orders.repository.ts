import { and, asc, count, desc, eq, exists, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, type PageRequest } from '../../platform/db/query-helpers';
import { customers } from '../customers/customers.schema';
import { devices } from '../devices/devices.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { customerOrderDevices, customerOrderLines, customerOrders } from './orders.schema';

type NewOrder = Omit<typeof customerOrders.$inferInsert, 'id'>;
type NewOrderLine = Omit<typeof customerOrderLines.$inferInsert, 'id' | 'orderId' | 'tenantId'>;

export async function insertOrder(db: Database, values: NewOrder): Promise<string> {
  const [row] = await db.insert(customerOrders).values(values).returning({ id: customerOrders.id });
  return row!.id;
}

export async function insertOrderLines(
  db: Database,
  tenantId: string | null,
  orderId: string,
  lines: NewOrderLine[],
): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(customerOrderLines).values(lines.map((line) => ({ ...line, tenantId, orderId })));
}

export async function insertOrderDevices(
  db: Database,
  tenantId: string | null,
  orderId: string,
  watches: { deviceId: string; imei: string }[],
): Promise<void> {
  if (watches.length === 0) return;
  await db.insert(customerOrderDevices).values(watches.map((watch) => ({ ...watch, tenantId, orderId })));
}

const watchCount = sql<number>`(select count(*)::int from ${customerOrderDevices} where ${customerOrderDevices.orderId} = ${customerOrders.id})`;
const accessoryCount = sql<number>`(select coalesce(sum(${customerOrderLines.quantity}), 0)::int from ${customerOrderLines}
  where ${customerOrderLines.orderId} = ${customerOrders.id} and ${customerOrderLines.kind} = 'accessory')`;

const summaryColumns = {
  id: customerOrders.id,
  customerId: customerOrders.customerId,
  customerName: customers.name,
  organizationId: customerOrders.organizationId,
  organizationName: organizationUnits.displayName,
  watchCount,
  accessoryCount,
  note: customerOrders.note,
  createdByName: customerOrders.createdByName,
  createdAt: customerOrders.createdAt,
};

/** An order as the list shows it. */
export interface OrderSummaryRow {
  id: string;
  customerId: string;
  customerName: string;
  organizationId: string | null;
  organizationName: string | null;
  watchCount: number;
  accessoryCount: number;
  note: string;
  createdByName: string;
  createdAt: Date;
}

/** Orders with their customer's and organization's names, as `OrderSummaryRow`; the caller scopes them. */
function selectOrderSummaries(db: Database) {
  return db
    .select(summaryColumns)
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .leftJoin(organizationUnits, eq(organizationUnits.id, customerOrders.organizationId));
}

/** One page of the tenant's orders, newest first; searchable by customer name or an ordered IMEI. */
export async function findOrders(
  db: Database,
  tenantId: string | null,
  request: PageRequest & { customerId?: string },
): Promise<{ items: OrderSummaryRow[]; totalCount: number }> {
  const search = request.filter ? likePattern(request.filter) : undefined;
  const where = and(
    inTenant(customerOrders.tenantId, tenantId),
    request.customerId ? eq(customerOrders.customerId, request.customerId) : undefined,
    search
      ? or(
          ilike(customers.name, search),
          exists(
            db
              .select({ one: sql`1` })
              .from(customerOrderDevices)
              .where(
                and(
                  eq(customerOrderDevices.orderId, customerOrders.id),
                  ilike(customerOrderDevices.imei, search),
                ),
              ),
          ),
        )
      : undefined,
  );
  const items = await selectOrderSummaries(db)
    .where(where)
    .orderBy(desc(customerOrders.createdAt), desc(customerOrders.id))
    .limit(request.maxResultCount)
    .offset(request.skipCount);
  const [total] = await db
    .select({ n: count() })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(where);
  return { items, totalCount: total?.n ?? 0 };
}

export async function findOrder(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<OrderSummaryRow | undefined> {
  const [row] = await selectOrderSummaries(db).where(
    and(inTenant(customerOrders.tenantId, tenantId), eq(customerOrders.id, id)),
  );
  return row;
}

export async function findOrderLines(db: Database, tenantId: string | null, orderId: string) {
  return db
    .select()
    .from(customerOrderLines)
    .where(and(inTenant(customerOrderLines.tenantId, tenantId), eq(customerOrderLines.orderId, orderId)))
    .orderBy(
      // The watches first, then the accessories by name.
      sql`${customerOrderLines.kind} = 'accessory'`,
      asc(customerOrderLines.productName),
      customerOrderLines.id,
    );
}

/**
 * An order's watches with their current activation code ciphertext. A watch that has left the
 * tenant (connected by a household) or was deleted keeps its IMEI but no code.
 */
export async function findOrderDevices(db: Database, tenantId: string | null, orderId: string) {
  return db
    .select({
      deviceId: customerOrderDevices.deviceId,
      imei: customerOrderDevices.imei,
      name: devices.name,
      activationCodeEncrypted: devices.activationCodeEncrypted,
    })
    .from(customerOrderDevices)
    .leftJoin(
      devices,
      and(eq(devices.id, customerOrderDevices.deviceId), inTenant(devices.tenantId, tenantId)),
    )
    .where(and(inTenant(customerOrderDevices.tenantId, tenantId), eq(customerOrderDevices.orderId, orderId)))
    .orderBy(asc(customerOrderDevices.imei));
}
