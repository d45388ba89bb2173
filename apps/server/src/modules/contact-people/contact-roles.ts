import { DEFAULT_CONTACT_ROLES } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { contactRoles } from './contact-people.schema';

/** Gives a new tenant the default contact roles (tenant creation and the demo seed call it). */
export async function seedContactRoles(db: Database, tenantId: string): Promise<void> {
  await db
    .insert(contactRoles)
    .values(DEFAULT_CONTACT_ROLES.map((name) => ({ tenantId, name })))
    .onConflictDoNothing();
}
