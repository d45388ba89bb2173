import {
  LANGUAGE_MESSAGE_KEYS,
  type LanguageDto,
  type zCreateLanguageRequest,
  type zLanguageListRequest,
  type zUpdateLanguageRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';
import type { Database } from '../../platform/db/database';
import type { RequestContext } from '../../platform/http/request-context';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import { isoTime, orderByOf } from '../../platform/db/query-helpers';
import * as repository from './languages.repository';
import { deleteOverridesOfCulture } from './language-texts.repository';
import type { LanguageRow } from './languages.schema';

/** Languages (host only): exactly one default, which is always enabled and never deleted. */

const UNIQUE_LANGUAGE_ERRORS = {
  languages_culture_name_unique: { field: 'cultureName', message: LANGUAGE_MESSAGE_KEYS.cultureNameTaken },
};

function toLanguage(row: LanguageRow): LanguageDto {
  return {
    id: row.id,
    cultureName: row.cultureName,
    uiCultureName: row.uiCultureName,
    displayName: row.displayName,
    flagIcon: row.flagIcon,
    isEnabled: row.isEnabled,
    isDefault: row.isDefault,
    createdAt: isoTime(row.createdAt),
  };
}

export async function listLanguages(ctx: RequestContext, query: z.output<typeof zLanguageListRequest>) {
  const orderBy = orderByOf(
    query.sorting,
    repository.LANGUAGE_SORT_COLUMNS,
    repository.LANGUAGE_DEFAULT_ORDER,
  );
  const { rows, totalCount } = await repository.findLanguages(ctx.db, query, orderBy);
  return { items: rows.map(toLanguage), totalCount };
}

export async function listAllLanguages(ctx: RequestContext) {
  return { items: (await repository.findAllLanguages(ctx.db)).map(toLanguage) };
}

async function requireLanguage(db: Database, id: string): Promise<LanguageRow> {
  const row = await repository.findLanguage(db, id);
  if (!row) throw new DomainError('not_found');
  return row;
}

export async function getLanguage(ctx: RequestContext, id: string): Promise<LanguageDto> {
  return toLanguage(await requireLanguage(ctx.db, id));
}

export async function createLanguage(
  ctx: RequestContext,
  input: z.output<typeof zCreateLanguageRequest>,
): Promise<LanguageDto> {
  return ctx.db.transaction(async (tx) => {
    if (await repository.isCultureNameTaken(tx, input.cultureName)) {
      throw fieldError('cultureName', LANGUAGE_MESSAGE_KEYS.cultureNameTaken);
    }
    const row = await withUniqueFieldErrors(
      () =>
        repository.insertLanguage(tx, {
          cultureName: input.cultureName,
          uiCultureName: input.uiCultureName,
          displayName: input.displayName,
          flagIcon: input.flagIcon || null,
          isEnabled: input.isEnabled,
          isDefault: false,
          createdAt: ctx.now(),
        }),
      UNIQUE_LANGUAGE_ERRORS,
    );
    return toLanguage(row);
  });
}

export async function updateLanguage(
  ctx: RequestContext,
  id: string,
  input: z.output<typeof zUpdateLanguageRequest>,
): Promise<LanguageDto> {
  return ctx.db.transaction(async (tx) => {
    const current = await requireLanguage(tx, id);
    if (current.isDefault && !input.isEnabled) {
      throw fieldError('isEnabled', LANGUAGE_MESSAGE_KEYS.defaultCannotBeDisabled);
    }
    const row = await repository.updateLanguage(tx, id, {
      uiCultureName: input.uiCultureName,
      displayName: input.displayName,
      flagIcon: input.flagIcon || null,
      isEnabled: input.isEnabled,
    });
    return toLanguage(row!);
  });
}

/** Deleting a language also deletes its text overrides. */
export async function deleteLanguage(ctx: RequestContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await requireLanguage(tx, id);
    if (current.isDefault) throw fieldError('id', LANGUAGE_MESSAGE_KEYS.defaultCannotBeDeleted);
    await deleteOverridesOfCulture(tx, current.cultureName);
    await repository.deleteLanguage(tx, id);
  });
}

export async function setDefaultLanguage(ctx: RequestContext, id: string): Promise<LanguageDto> {
  return ctx.db.transaction(async (tx) => {
    const current = await requireLanguage(tx, id);
    if (!current.isEnabled) throw fieldError('id', LANGUAGE_MESSAGE_KEYS.disabledCannotBeDefault);
    await repository.makeDefault(tx, id);
    return toLanguage({ ...current, isDefault: true });
  });
}
