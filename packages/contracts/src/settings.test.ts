import { describe, expect, it } from 'vitest';
import { zPassword } from './identity';
import { ALL_PERMISSIONS } from './permissions';
import {
  SETTING_DEFINITIONS,
  SETTING_GROUP_PERMISSIONS,
  SETTING_GROUPS,
  settingDefinitionsOf,
} from './settings';

describe('settings catalogue', () => {
  it('names each setting once, and never shows a secret to clients', () => {
    const names = SETTING_DEFINITIONS.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
    expect(SETTING_DEFINITIONS.filter((d) => d.type === 'secret' && d.isVisibleToClients)).toEqual([]);
  });

  it('gives every group settings and a read and edit permission in the tree', () => {
    for (const group of SETTING_GROUPS) {
      expect(settingDefinitionsOf(group).length).toBeGreaterThan(0);
      expect(ALL_PERMISSIONS).toContain(SETTING_GROUP_PERMISSIONS[group]);
      expect(ALL_PERMISSIONS).toContain(`${SETTING_GROUP_PERMISSIONS[group]}.Edit`);
    }
  });

  it('gives selections a default among their options and numbers a default within bounds', () => {
    for (const definition of SETTING_DEFINITIONS) {
      if (definition.type === 'selection') expect(definition.options).toContain(definition.defaultValue);
      if (definition.type === 'number') {
        const value = Number(definition.defaultValue);
        expect(value).toBeGreaterThanOrEqual(definition.min ?? -Infinity);
        expect(value).toBeLessThanOrEqual(definition.max ?? Infinity);
      }
    }
  });
});

describe('password policy from settings', () => {
  it('requires every character class unless a setting relaxes it', () => {
    expect(zPassword({ minLength: 4, maxLength: 20 }).safeParse('abcdefgh').success).toBe(false);
    const relaxed = zPassword({
      minLength: 4,
      maxLength: 20,
      requireUppercase: false,
      requireDigit: false,
      requireNonAlphanumeric: false,
    });
    expect(relaxed.safeParse('abcdefgh').success).toBe(true);
    expect(relaxed.safeParse('ABCDEFGH').error?.issues.map((issue) => issue.message)).toEqual([
      'validation.passwordLowercase',
    ]);
  });
});
