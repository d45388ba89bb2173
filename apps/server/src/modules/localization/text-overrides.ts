import type { Resource } from '@homeward/i18n';
import type { Database } from '../../platform/db/database';
import { findOverrides, overrideVersion } from '../languages';
import type { ResourceOverrides } from './localization.service';

/** Writes `value` at a dotted key (`errors.noData`) of a nested resource, creating objects on the way. */
export function setDotted(resource: Resource, key: string, value: string): void {
  const parts = key.split('.');
  let node: Resource = resource;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    // A key that names a text cannot also hold children; such an override is ignored.
    if (typeof next === 'string') return;
    node = next ?? (node[part] = {});
  }
  const last = parts[parts.length - 1]!;
  if (typeof node[last] === 'object') return;
  node[last] = value;
}

/** A copy of the resource with the overrides written over it: the override wins. */
export function mergeOverrides(resource: Resource, overrides: ReadonlyMap<string, string>): Resource {
  const merged = structuredClone(resource);
  for (const [key, value] of overrides) setDotted(merged, key, value);
  return merged;
}

/** Database text overrides (language management) for the localization endpoint. */
export function createTextOverrides(database: { db: Database }): ResourceOverrides {
  return {
    version: (language, namespace) => overrideVersion(database.db, language, namespace),
    apply: async (language, namespace, resource) => {
      const overrides = (await findOverrides(database.db, language, namespace)).get(namespace);
      return overrides?.size ? mergeOverrides(resource, overrides) : resource;
    },
  };
}
