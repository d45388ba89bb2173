import { findSettingDefinition } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { resolveSettings } from './setting-resolver';

const SELF_REGISTRATION = findSettingDefinition('Account.IsSelfRegistrationEnabled')!;

/** Whether visitors may register themselves; a host-wide setting, as registration makes host users. */
export async function isSelfRegistrationEnabled(db: Database): Promise<boolean> {
  const resolved = await resolveSettings(db, [SELF_REGISTRATION], { tenantId: null, userId: null });
  return resolved.get(SELF_REGISTRATION.name)!.value !== 'false';
}
