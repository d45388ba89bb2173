/**
 * The whole database schema, for drizzle-kit and for typed queries. Each feature keeps its tables
 * in its own `*.schema.ts`; add a line here when a feature adds one.
 */
export * from '../../modules/settings/settings.schema';
export * from '../outbox/outbox.schema';
