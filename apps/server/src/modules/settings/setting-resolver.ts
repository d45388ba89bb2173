import type { SettingDefinition } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { findSettingValues, type SettingScope } from './settings.repository';

export interface ResolvedSetting {
  definition: SettingDefinition;
  value: string;
  source: 'default' | 'G' | 'T' | 'U';
}

/** Most specific last: a later level overrides an earlier one. */
const LEVELS = ['G', 'T', 'U'] as const;

/**
 * The values in force for a scope, resolved default → host → tenant → user. A level counts only
 * where the definition allows it, so a stray tenant row of a host-only setting changes nothing.
 */
export async function resolveSettings(
  db: Database,
  definitions: readonly SettingDefinition[],
  scope: SettingScope,
): Promise<Map<string, ResolvedSetting>> {
  const rows = await findSettingValues(
    db,
    definitions.map((definition) => definition.name),
    scope,
  );
  const resolved = new Map<string, ResolvedSetting>();
  for (const definition of definitions) {
    let current: ResolvedSetting = { definition, value: definition.defaultValue, source: 'default' };
    for (const level of LEVELS) {
      if (!definition.providers.includes(level)) continue;
      const row = rows.find(
        (candidate) => candidate.name === definition.name && candidate.providerName === level,
      );
      if (row) current = { definition, value: row.value, source: level };
    }
    resolved.set(definition.name, current);
  }
  return resolved;
}
