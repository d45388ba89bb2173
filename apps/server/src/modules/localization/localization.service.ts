import { createHash } from 'node:crypto';
import { loadResource, type Resource } from '@homeward/i18n';
import { DomainError } from '../../platform/errors/domain-error';

/**
 * Merges database overrides (texts changed in language management) into a file resource. The
 * language-management issue supplies the real one; until then there are no overrides.
 */
export type ApplyResourceOverrides = (
  language: string,
  namespace: string,
  resource: Resource,
) => Promise<Resource>;

export const applyNoResourceOverrides: ApplyResourceOverrides = async (_language, _namespace, resource) =>
  resource;

export interface LocalizedResource {
  resource: Resource;
  /** A strong ETag over the served content, so overrides change it too. */
  etag: string;
}

/** One namespace of one language, with overrides applied. Unknown language or namespace: not_found. */
export async function getLocalizationResource(
  language: string,
  namespace: string,
  applyOverrides: ApplyResourceOverrides = applyNoResourceOverrides,
): Promise<LocalizedResource> {
  const fromFile = await loadResource(language, namespace);
  if (!fromFile) throw new DomainError('not_found', undefined, `No resource ${language}/${namespace}`);
  const resource = await applyOverrides(language, namespace, fromFile);
  const digest = createHash('sha256').update(JSON.stringify(resource)).digest('base64url').slice(0, 27);
  return { resource, etag: `"${digest}"` };
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
