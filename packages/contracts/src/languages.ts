import { z } from 'zod';
import { zListResult, zPagedRequest, zPagedResult } from './users';

/** Contracts of language management (/api/language-management, host only). */

/** Translation keys (namespace `languages`) of the rules the server enforces. */
export const LANGUAGE_MESSAGE_KEYS = {
  cultureNameTaken: 'languages:cultureNameTaken',
  defaultCannotBeDisabled: 'languages:defaultCannotBeDisabled',
  defaultCannotBeDeleted: 'languages:defaultCannotBeDeleted',
  disabledCannotBeDefault: 'languages:disabledCannotBeDefault',
  unknownCulture: 'languages:unknownCulture',
  unknownNamespace: 'languages:unknownNamespace',
} as const;

/** A culture name such as `da` or `da-DK`. */
export const zCultureName = z
  .string()
  .trim()
  .min(2)
  .max(16)
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'validation.invalid');

export const zLanguage = z.object({
  id: z.uuid(),
  cultureName: z.string(),
  uiCultureName: z.string(),
  displayName: z.string(),
  flagIcon: z.string().nullable(),
  isEnabled: z.boolean(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type LanguageDto = z.infer<typeof zLanguage>;

export const LANGUAGE_SORT_FIELDS = ['displayName', 'cultureName', 'createdAt'] as const;
export const zLanguageListRequest = zPagedRequest;
export const zLanguageListResponse = zPagedResult(zLanguage);
/** GET /api/language-management/languages/all: every language, for pickers. */
export const zAllLanguagesResponse = zListResult(zLanguage);

export const zCreateLanguageRequest = z.object({
  cultureName: zCultureName,
  uiCultureName: zCultureName,
  displayName: z.string().trim().min(1).max(64),
  flagIcon: z.string().trim().max(16).optional().default(''),
  isEnabled: z.boolean().optional().default(true),
});
export type CreateLanguageRequest = z.input<typeof zCreateLanguageRequest>;

/** The culture name is the key of its texts, so it cannot change once created. */
export const zUpdateLanguageRequest = zCreateLanguageRequest.omit({ cultureName: true });
export type UpdateLanguageRequest = z.input<typeof zUpdateLanguageRequest>;

/** GET /api/language-management/culture-list: culture names with their names in the caller's language. */
export const zCulture = z.object({ cultureName: z.string(), displayName: z.string() });
export type Culture = z.infer<typeof zCulture>;
export const zCultureListResponse = zListResult(zCulture);
/** Its query: the language to name the cultures in (the caller's by default). */
export const zCultureListRequest = z.object({ lng: z.string().max(16).optional() });

/** GET /api/language-management/resources: the namespaces whose texts can be edited. */
export const zTextResourcesResponse = zListResult(z.object({ name: z.string() }));

const zBooleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

export const zLanguageTextListRequest = zPagedRequest.extend({
  /** The namespace (i18next resource); all of them when absent. */
  resourceName: z.string().trim().max(64).optional(),
  baseCultureName: z.string().trim().max(16).optional().default('en'),
  targetCultureName: z.string().trim().min(1).max(16),
  getOnlyEmptyValues: zBooleanQuery.optional().default(false),
});
export type LanguageTextListRequest = z.input<typeof zLanguageTextListRequest>;

export const zLanguageText = z.object({
  namespace: z.string(),
  key: z.string(),
  baseValue: z.string(),
  /** The override when there is one, else the shipped file's value (empty when it has none). */
  value: z.string(),
  isOverridden: z.boolean(),
});
export type LanguageText = z.infer<typeof zLanguageText>;
export const zLanguageTextListResponse = zPagedResult(zLanguageText);

export const zLanguageTextParams = z.object({
  cultureName: z.string().trim().min(1).max(16),
  namespace: z.string().trim().min(1).max(64),
  key: z.string().min(1).max(256),
});
export const zUpdateLanguageTextRequest = z.object({ value: z.string().max(4096) });
export type UpdateLanguageTextRequest = z.input<typeof zUpdateLanguageTextRequest>;
