import { AUDITING_SETTINGS } from '@homeward/contracts';

/** Days an audit entry is kept unless the setting says otherwise. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/**
 * Reads the global (provider `G`) value of a setting, undefined when none is stored. The settings
 * module provides it (`readGlobalSetting`), passed in at composition: the platform imports no module.
 */
export type ReadGlobalSetting = (name: string) => Promise<string | undefined>;

/**
 * Whether GET requests are audited too. Read at most once per `ttlMs`: every audit flush asks, and
 * a changed setting may take that long to apply.
 */
export function createGetRequestAuditing(
  readSetting: ReadGlobalSetting,
  ttlMs = 5000,
  now: () => number = Date.now,
) {
  let cached: { value: boolean; readAt: number } | undefined;
  return async (): Promise<boolean> => {
    if (cached && now() - cached.readAt < ttlMs) return cached.value;
    const value = (await readSetting(AUDITING_SETTINGS.isEnabledForGetRequests)) === 'true';
    cached = { value, readAt: now() };
    return value;
  };
}

/** The retention in whole days; an unset or unusable value means the default. */
export async function readAuditRetentionDays(readSetting: ReadGlobalSetting): Promise<number> {
  const value = Number(await readSetting(AUDITING_SETTINGS.retentionDays));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_AUDIT_RETENTION_DAYS;
}
