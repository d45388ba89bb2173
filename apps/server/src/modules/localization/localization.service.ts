import { createHash } from 'node:crypto';
import { loadResource, type Resource } from '@homeward/i18n';
import { DomainError } from '../../platform/errors/domain-error';

/**
 * Database overrides (texts changed in language management) of the file resources. `version` is
 * cheap (a count and a time), so a revalidation that ends in 304 never reads the texts themselves.
 */
export interface ResourceOverrides {
  version(language: string, namespace: string): Promise<string>;
  apply(language: string, namespace: string, resource: Resource): Promise<Resource>;
}

export const noResourceOverrides: ResourceOverrides = {
  version: async () => '',
  apply: async (_language, _namespace, resource) => resource,
};

const digestOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 27);

/**
 * Shipped files do not change while the server runs, so each is hashed once; module-wide on
 * purpose, as a digest of a file is the same for every app in the process.
 */
const fileDigests = new Map<string, string>();

async function loadFile(language: string, namespace: string) {
  const fromFile = await loadResource(language, namespace);
  if (!fromFile) throw new DomainError('not_found', undefined, `No resource ${language}/${namespace}`);
  const cacheKey = `${language}/${namespace}`;
  let digest = fileDigests.get(cacheKey);
  if (!digest) fileDigests.set(cacheKey, (digest = digestOf(JSON.stringify(fromFile))));
  return { fromFile, digest };
}

/**
 * The ETag of one namespace of one language: the file's digest plus that namespace's override
 * version, so an edited text changes only its own namespace's tag. Unknown language or namespace:
 * not_found.
 */
export async function getLocalizationEtag(
  language: string,
  namespace: string,
  overrides: ResourceOverrides = noResourceOverrides,
): Promise<string> {
  const { digest } = await loadFile(language, namespace);
  const version = await overrides.version(language, namespace);
  return `"${version ? digestOf(`${digest}|${version}`) : digest}"`;
}

/** One namespace of one language, with overrides applied. */
export async function getLocalizationResource(
  language: string,
  namespace: string,
  overrides: ResourceOverrides = noResourceOverrides,
): Promise<Resource> {
  const { fromFile } = await loadFile(language, namespace);
  return overrides.apply(language, namespace, fromFile);
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
