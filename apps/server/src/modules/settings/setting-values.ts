import {
  SETTINGS_MESSAGE_KEYS,
  VALIDATION_KEYS,
  type SettingDefinition,
  type ValidationError,
} from '@homeward/contracts';
import { z } from 'zod';

export type SubmittedValue = string | number | boolean | null;

/** A checked value as it is stored (text), or the field error that refuses it. */
export type CheckedValue = { ok: true; text: string } | { ok: false; error: ValidationError };

const zUrl = z.url({ protocol: /^https?$/ });
const zEmail = z.email();
// A host name or an IP address, without scheme or port.
const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Checks one submitted value against its definition's type and turns it into the stored text.
 * Messages are translation keys, so the screen shows them beside the field.
 */
export function checkSettingValue(definition: SettingDefinition, submitted: SubmittedValue): CheckedValue {
  const field = definition.name;
  const refuse = (message: string, params?: Record<string, string | number>): CheckedValue => ({
    ok: false,
    error: { field, message, ...(params ? { params } : {}) },
  });

  switch (definition.type) {
    case 'boolean':
      if (typeof submitted === 'boolean') return { ok: true, text: String(submitted) };
      if (submitted === 'true' || submitted === 'false') return { ok: true, text: submitted };
      return refuse(SETTINGS_MESSAGE_KEYS.mustBeBoolean);
    case 'number': {
      const text = typeof submitted === 'string' ? submitted.trim() : submitted;
      const number = typeof text === 'number' ? text : text ? Number(text) : NaN;
      if (text === '' || text === null) return refuse(VALIDATION_KEYS.required);
      if (!Number.isFinite(number) || (definition.integer && !Number.isInteger(number)))
        return refuse(VALIDATION_KEYS.mustBeNumber);
      if (definition.min !== undefined && number < definition.min)
        return refuse(VALIDATION_KEYS.numberMin, { count: definition.min });
      if (definition.max !== undefined && number > definition.max)
        return refuse(VALIDATION_KEYS.numberMax, { count: definition.max });
      return { ok: true, text: String(number) };
    }
    case 'selection':
      if (typeof submitted === 'string' && definition.options?.includes(submitted))
        return { ok: true, text: submitted };
      return refuse(SETTINGS_MESSAGE_KEYS.notAnOption);
    case 'string':
    case 'secret': {
      if (typeof submitted !== 'string') return refuse(VALIDATION_KEYS.invalid);
      // A secret is kept as typed: a password may well end in a space.
      const text = definition.type === 'secret' ? submitted : submitted.trim();
      if (text === '') return { ok: true, text };
      if (definition.format === 'url' && !zUrl.safeParse(text).success)
        return refuse(SETTINGS_MESSAGE_KEYS.mustBeUrl);
      if (definition.format === 'email' && !zEmail.safeParse(text).success)
        return refuse(VALIDATION_KEYS.email);
      if (definition.format === 'host' && !HOST_PATTERN.test(text)) return refuse(VALIDATION_KEYS.invalid);
      return { ok: true, text };
    }
  }
}
