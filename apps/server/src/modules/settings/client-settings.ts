import type { Database } from '../../platform/db/database';

/**
 * Settings marked visible to clients, resolved default → host → tenant → user, for the
 * configuration endpoint's `extraProperties.settings`. Settings management fills this in.
 */
export async function loadClientVisibleSettings(
  _db: Database,
  _scope: { tenantId: string | null; userId: string | null },
): Promise<Record<string, string>> {
  return {};
}
