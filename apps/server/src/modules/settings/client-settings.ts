import { SETTING_DEFINITIONS } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { resolveSettings } from './setting-resolver';

// Secrets are excluded here too, whatever a definition says: they must never reach a browser.
const VISIBLE = SETTING_DEFINITIONS.filter(
  (definition) => definition.isVisibleToClients && definition.type !== 'secret',
);

/**
 * Settings marked visible to clients, resolved default → host → tenant → user, for the
 * configuration endpoint's `extraProperties.settings`.
 */
export async function loadClientVisibleSettings(
  db: Database,
  scope: { tenantId: string | null; userId: string | null },
): Promise<Record<string, string>> {
  const resolved = await resolveSettings(db, VISIBLE, scope);
  return Object.fromEntries([...resolved].map(([name, setting]) => [name, setting.value]));
}
