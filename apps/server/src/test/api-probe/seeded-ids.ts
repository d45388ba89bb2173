import type { IsolationCase, SeededRow } from '../tenant-isolation/isolation-case';
import type { ApiOperation } from './api-operations';
import type { IdForField } from './schema-values';

/** Tenant A's seeded rows, found by the path parameter or field that names one. */
export interface SeededIds {
  /** A's row for `{name}` in the operation's path, if any family's URLs lead there. */
  forPathParameter(operation: ApiOperation, name: string): string | undefined;
  /** A's row for a body or query field such as `organizationId` or `deviceIds`. */
  forField: IdForField;
  /** Ids and search texts of A's rows, which no answer to tenant B may contain. */
  markers: string[];
}

/** Field names that do not say their table. */
const FIELD_ALIASES: Record<string, string> = {
  template: 'commandtemplate',
  parent: 'organization',
  newparent: 'organization',
  specificcustomer: 'customer',
  providerkey: 'role',
};

/** `organization-units`, `organizationUnitIds`, `contact-people` → `organizationunit`, `contactperson`. */
function resourceKey(text: string): string {
  const key = text
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ids?$/, '')
    .replace(/people$/, 'person')
    .replace(/s$/, '');
  return FIELD_ALIASES[key] ?? key;
}

/** The static segment before `{id}`: `/api/identity/users/{id}` → `users`. */
function resourceOfTemplate(template: string): string {
  const segments = template.split('/');
  return segments[segments.length - 2] ?? '';
}

/**
 * Reads, from each tenant-isolation case's own URLs (read, update, remove) for its seeded row, which
 * path leads to which of A's rows: `/api/devices/<id>` gives the template `/api/devices/{id}`. So a
 * new family with a case is aimed at without a line here. `extra` adds rows no case seeds, by
 * template: tenant A's (which tenant B must not see either) and the host's.
 */
export function seededIdsOf(
  seeded: { each: IsolationCase; row: SeededRow }[],
  extra: { ofTenantA: Record<string, string>; ofHost: Record<string, string> },
): SeededIds {
  const byTemplate = new Map<string, string>();
  const byResource = new Map<string, string>();
  const markers = new Set<string>();
  for (const { each, row } of seeded) {
    markers.add(row.id);
    if (row.searchText.length >= 8) markers.add(row.searchText);
    const urls: (string | undefined)[] = [];
    for (const url of [
      () => each.read?.(row.id),
      () => each.update?.(row).url,
      () => each.remove?.(row.id).url,
    ]) {
      try {
        urls.push(url());
      } catch {
        // A case's URL builder may need state of its own seeds only; such a URL is simply unused.
      }
    }
    for (const url of urls) {
      const path = url?.split('?')[0];
      if (!path?.includes(row.id)) continue;
      const template = path.slice(0, path.indexOf(row.id)) + '{id}';
      if (!byTemplate.has(template)) byTemplate.set(template, row.id);
    }
  }
  for (const [template, id] of Object.entries(extra.ofTenantA)) {
    byTemplate.set(template, id);
    markers.add(id);
  }
  for (const [template, id] of Object.entries(extra.ofHost)) byTemplate.set(template, id);
  for (const [template, id] of byTemplate) {
    const resource = resourceKey(resourceOfTemplate(template));
    if (!byResource.has(resource)) byResource.set(resource, id);
  }

  const forField: IdForField = (name) => byResource.get(resourceKey(name));
  return {
    forPathParameter(operation, name) {
      const at = operation.path.indexOf(`{${name}}`);
      if (at < 0) return undefined;
      const prefix = `${operation.path.slice(0, at)}{id}`;
      return (
        byTemplate.get(prefix) ??
        (name === 'id' ? byResource.get(resourceKey(resourceOfTemplate(prefix))) : forField(name))
      );
    },
    forField,
    markers: [...markers],
  };
}
