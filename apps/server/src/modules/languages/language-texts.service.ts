import {
  LANGUAGE_MESSAGE_KEYS,
  type LanguageText,
  type PagedResult,
  type zLanguageTextListRequest,
} from '@homeward/contracts';
import { flattenResource, isSupportedLanguage, listNamespaces, loadResource } from '@homeward/i18n';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import type { RequestContext } from '../../platform/http/request-context';
import { deleteOverride, findOverrides, upsertOverride } from './language-texts.repository';
import { findLanguageByCulture } from './languages.repository';

/**
 * Texts of language management: the shipped file values (English defines the keys) with the
 * database overrides on top. Overrides are host-owned and apply to every tenant.
 */

/** Dotted key → text of one namespace of one culture's files; `{}` for a culture without files. */
async function fileTexts(cultureName: string, namespace: string): Promise<Record<string, string>> {
  const resource = await loadResource(cultureName, namespace);
  return resource ? flattenResource(resource) : {};
}

/** A configured language, or a shipped one (its files are served even when its row was deleted). */
async function knownCulture(db: Database, cultureName: string): Promise<string | undefined> {
  const language = await findLanguageByCulture(db, cultureName);
  if (language) return language.cultureName;
  return isSupportedLanguage(cultureName) ? cultureName : undefined;
}

async function requireCulture(db: Database, field: string, cultureName: string): Promise<string> {
  const known = await knownCulture(db, cultureName);
  if (!known) throw fieldError(field, LANGUAGE_MESSAGE_KEYS.unknownCulture);
  return known;
}

export function listTextResources() {
  return { items: listNamespaces().map((name) => ({ name })) };
}

export async function listTexts(
  ctx: RequestContext,
  query: z.output<typeof zLanguageTextListRequest>,
): Promise<PagedResult<LanguageText>> {
  const namespaces = listNamespaces();
  if (query.resourceName && !namespaces.includes(query.resourceName)) {
    throw fieldError('resourceName', LANGUAGE_MESSAGE_KEYS.unknownNamespace);
  }
  const base = await requireCulture(ctx.db, 'baseCultureName', query.baseCultureName);
  const target = await requireCulture(ctx.db, 'targetCultureName', query.targetCultureName);
  const wanted = query.resourceName ? [query.resourceName] : namespaces;
  const baseOverrides = await findOverrides(ctx.db, base, query.resourceName);
  const targetOverrides = await findOverrides(ctx.db, target, query.resourceName);
  const filter = query.filter?.toLowerCase();
  const rows: LanguageText[] = [];
  for (const namespace of wanted) {
    const [keys, baseFile, targetFile] = await Promise.all([
      fileTexts('en', namespace),
      fileTexts(base, namespace),
      fileTexts(target, namespace),
    ]);
    for (const key of Object.keys(keys).sort()) {
      const override = targetOverrides.get(namespace)?.get(key);
      const row: LanguageText = {
        namespace,
        key,
        baseValue: baseOverrides.get(namespace)?.get(key) ?? baseFile[key] ?? '',
        value: override ?? targetFile[key] ?? '',
        isOverridden: override !== undefined,
      };
      if (query.getOnlyEmptyValues && row.value.trim() !== '') continue;
      if (
        filter &&
        ![row.key, row.baseValue, row.value].some((text) => text.toLowerCase().includes(filter))
      ) {
        continue;
      }
      rows.push(row);
    }
  }
  return {
    items: rows.slice(query.skipCount, query.skipCount + query.maxResultCount),
    totalCount: rows.length,
  };
}

export interface TextAddress {
  cultureName: string;
  namespace: string;
  key: string;
}

/** The address with the culture as stored; unknown culture, namespace or key: not_found. */
async function requireText(db: Database, address: TextAddress): Promise<TextAddress & { fileValue: string }> {
  const cultureName = await knownCulture(db, address.cultureName);
  if (!cultureName || !listNamespaces().includes(address.namespace)) throw new DomainError('not_found');
  const keys = await fileTexts('en', address.namespace);
  if (!(address.key in keys)) throw new DomainError('not_found');
  const fileValue = (await fileTexts(cultureName, address.namespace))[address.key] ?? '';
  return { ...address, cultureName, fileValue };
}

function textOf(address: TextAddress, value: string, isOverridden: boolean, baseValue: string): LanguageText {
  return { namespace: address.namespace, key: address.key, baseValue, value, isOverridden };
}

async function englishValue(db: Database, namespace: string, key: string): Promise<string> {
  return (
    (await findOverrides(db, 'en', namespace)).get(namespace)?.get(key) ??
    (await fileTexts('en', namespace))[key] ??
    ''
  );
}

export async function updateText(
  ctx: RequestContext,
  address: TextAddress,
  value: string,
): Promise<LanguageText> {
  return ctx.db.transaction(async (tx) => {
    const text = await requireText(tx, address);
    await upsertOverride(tx, {
      cultureName: text.cultureName,
      namespace: text.namespace,
      key: text.key,
      value,
      updatedAt: ctx.now(),
    });
    return textOf(text, value, true, await englishValue(tx, text.namespace, text.key));
  });
}

/** Deletes the override, so the shipped file's value applies again. */
export async function restoreText(ctx: RequestContext, address: TextAddress): Promise<LanguageText> {
  return ctx.db.transaction(async (tx) => {
    const text = await requireText(tx, address);
    await deleteOverride(tx, text);
    return textOf(text, text.fileValue, false, await englishValue(tx, text.namespace, text.key));
  });
}
