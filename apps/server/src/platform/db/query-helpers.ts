import { asc, desc, eq, isNull, sql, type AnyColumn, type Column, type SQL } from 'drizzle-orm';
import { ALL_TENANTS_ID, VALIDATION_KEYS } from '@homeward/contracts';
import { DomainError } from '../errors/domain-error';

/** `column = tenantId`, or `column is null` for the host: the one tenant filter of every query. */
export function inTenant(column: Column, tenantId: string | null): SQL {
  // The host's read-only All tenants view: no filter (row-level security allows reads only).
  if (tenantId === ALL_TENANTS_ID) return sql`true`;
  return tenantId === null ? isNull(column) : eq(column, tenantId);
}

/**
 * `column = any(values)` with the list sent as one array parameter (a PostgreSQL array literal,
 * read the same by both drivers): a batch's hundreds of ids cost one bind value and no per-value
 * query building, and the planner, knowing the array's length, looks each one up in the index.
 */
export function inList(column: Column, values: readonly string[], type: 'uuid' | 'text' = 'uuid'): SQL {
  return sql`${column} = any(${arrayOf(values, type)})`;
}

/** Element types `arrayOf` sends. */
export type ArrayElementType = 'uuid' | 'text' | 'timestamptz' | 'float8' | 'int4' | 'bool';

/**
 * The list as one PostgreSQL array parameter (`inList`'s), for `unnest(...)` and the like: strings
 * quoted, numbers as they are, null as NULL. Several arrays unnested side by side insert a batch's
 * rows with a handful of bind values, and cost less to send and to read than one JSON object a row.
 */
export function arrayOf(values: readonly (string | number | null)[], type: ArrayElementType = 'uuid'): SQL {
  const elements = values.map((value) =>
    value === null ? 'NULL' : typeof value === 'number' ? String(value) : `"${escapeElement(value)}"`,
  );
  return sql`${`{${elements.join(',')}}`}::${sql.raw(type)}[]`;
}

/** A quoted array element's `"` and `\` escaped; most (ids, times) have neither, and cost no copy. */
function escapeElement(value: string): string {
  return value.includes('"') || value.includes('\\') ? value.replace(/["\\]/g, '\\$&') : value;
}

/**
 * A column's bare name, for where PostgreSQL refuses a qualified one: an UPDATE's SET targets, an
 * INSERT's column list, an ON CONFLICT target, `excluded.<column>`. A column object in a `sql`
 * template renders `"table"."column"`; this keeps the name coming from the schema all the same, so
 * renaming a column breaks the type check, not a statement in production.
 */
export function columnName(column: Column): SQL {
  return sql`${sql.identifier(column.name)}`;
}

/** `columnName` of each, comma-separated: an INSERT's column list or a conflict target. */
export function columnNames(...columns: Column[]): SQL {
  return sql.join(columns.map(columnName), sql`, `);
}

/** Escapes `%`, `_` and `\` so user input in a LIKE pattern matches literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Offset paging as the lists receive it (`zPagedRequest` after parsing). */
export interface PageRequest {
  skipCount: number;
  maxResultCount: number;
  sorting?: string;
  filter?: string;
}

/**
 * Turns `'name desc'` into an ORDER BY over a whitelist of sortable columns, so a client can never
 * sort by an arbitrary expression. An unknown field or direction is a field error on `sorting`.
 */
export function orderByOf(
  sorting: string | undefined,
  columns: Record<string, AnyColumn | SQL | NullsLast>,
  fallback: SQL,
): SQL {
  if (!sorting) return fallback;
  const match = /^(\w+)(?:\s+(asc|desc))?$/i.exec(sorting.trim());
  const column = match ? columns[match[1]!] : undefined;
  if (!match || !column) {
    throw new DomainError('validation_failed', undefined, undefined, [
      { field: 'sorting', message: VALIDATION_KEYS.invalid },
    ]);
  }
  const descending = match[2]?.toLowerCase() === 'desc';
  if ('nullsLast' in column) {
    const keys = Array.isArray(column.nullsLast) ? column.nullsLast : [column.nullsLast];
    return sql.join(
      keys.map((key) => (descending ? sql`${key} desc nulls last` : sql`${key} asc nulls last`)),
      sql`, `,
    );
  }
  return descending ? desc(column) : asc(column);
}

/**
 * A nullable sort column whose empty values go last in both directions (a watch never seen is
 * neither the newest nor the oldest), matching an index declared `DESC NULLS LAST`. Several
 * columns sort by each in turn: an indexed coarse one first (last seen to the minute), then the
 * exact one, so the index orders the rows and only ties within a minute are sorted.
 */
export interface NullsLast {
  nullsLast: AnyColumn | AnyColumn[];
}

/** The ISO form every response uses for times. */
export function isoTime(value: Date): string;
export function isoTime(value: Date | null): string | null;
export function isoTime(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}
