import type { Database } from '../../platform/db/database';

/** What registration needs of a device family (a product of kind `deviceFamily`). */
export interface DeviceFamily {
  id: string;
  name: string;
  /** Stella IDs of this family start with it; another prefix is a warning the user may override. */
  stellaIdPrefix: string | null;
  /** A regular expression serial numbers of this family must match (the whole number). */
  serialNumberPattern: string | null;
}

/**
 * The tenant's device family with this id, or with this name (batch uploads name products).
 * The product catalogue lands with the customers and products feature of the same issue; until
 * then no product is known, and a registration naming one is refused as an unknown product.
 */
export async function findDeviceFamily(
  _db: Database,
  _tenantId: string | null,
  _idOrName: string,
): Promise<DeviceFamily | null> {
  return null;
}
