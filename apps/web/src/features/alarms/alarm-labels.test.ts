import { ALARM_KINDS, ALARM_STATES } from '@homeward/contracts';
import da from '@homeward/i18n/locales/da/alarms.json';
import de from '@homeward/i18n/locales/de/alarms.json';
import en from '@homeward/i18n/locales/en/alarms.json';
import sv from '@homeward/i18n/locales/sv/alarms.json';
import { describe, expect, it } from 'vitest';

/**
 * The contracts' kinds and states are the one list: the filters, the table, the banner and the
 * alarm texts page label each of them through `alarms:kinds.*` / `alarms:states.*`, so every
 * shipped language must have a label for each, and no label for a kind that no longer exists.
 */
const LANGUAGES = { en, da, sv, de } as const;

describe('alarm labels', () => {
  it.each(Object.entries(LANGUAGES))(
    '%s names every alarm kind and state of the contracts',
    (_, resource) => {
      expect(Object.keys(resource.kinds).sort()).toEqual([...ALARM_KINDS].sort());
      expect(Object.keys(resource.states).sort()).toEqual([...ALARM_STATES].sort());
      for (const label of [...Object.values(resource.kinds), ...Object.values(resource.states)]) {
        expect(label.trim()).not.toBe('');
      }
    },
  );
});
