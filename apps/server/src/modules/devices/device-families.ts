import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { products } from '../products/products.schema';

/** What registration needs of a device family (a product of kind `deviceFamily`). */
export interface DeviceFamily {
  id: string;
  name: string;
  /** Stella IDs of this family start with it; another prefix is a warning the user may override. */
  stellaIdPrefix: string | null;
  /** A regular expression serial numbers of this family must match (the whole number). */
  serialNumberPattern: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tenant's device family with this id, or with this name (batch uploads name products). A
 * service or a subscription is no device family, so a watch can never be registered as one.
 */
export async function findDeviceFamily(
  db: Database,
  tenantId: string | null,
  idOrName: string,
): Promise<DeviceFamily | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      stellaIdPrefix: products.stellaIdPrefix,
      serialNumberPattern: products.serialNumberPattern,
    })
    .from(products)
    .where(
      and(
        inTenant(products.tenantId, tenantId),
        eq(products.kind, 'deviceFamily'),
        UUID.test(idOrName) ? eq(products.id, idOrName) : sql`lower(${products.name}) = lower(${idOrName})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether a serial number fits its family's pattern; the pattern must match the whole number. */
export function matchesSerialNumberPattern(pattern: string, serialNumber: string): boolean {
  return new RegExp(`^(?:${pattern})$`).test(serialNumber);
}

/** The tenant's device families by name: the product picker when registering a watch. */
export async function findDeviceFamilies(db: Database, tenantId: string | null): Promise<DeviceFamily[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      stellaIdPrefix: products.stellaIdPrefix,
      serialNumberPattern: products.serialNumberPattern,
    })
    .from(products)
    .where(and(inTenant(products.tenantId, tenantId), eq(products.kind, 'deviceFamily')))
    .orderBy(asc(products.name), asc(products.id))
    .limit(500);
}
