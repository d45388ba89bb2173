import { doublePrecision, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * Vital readings (issue 21): what a watch measured at one moment (its device time), with the
 * citizen who wore it then. A frame carries some measures (`bphrt`: blood pressure and heart rate;
 * `oxygen`: SpO2), so every measure is nullable and at least one is set. The unique index on
 * (device, at) is the pipeline's dedupe: a resent frame adds nothing, and two frames of the same
 * moment fill one row. Kept as long as positions (`vitals-retention.ts`); the BRIN index on `at`
 * (migration 0064) serves that delete.
 */
export const vitalReadings = pgTable(
  'vital_readings',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    citizenId: uuid('citizen_id').references(() => citizens.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    heartRate: doublePrecision('heart_rate'),
    spo2: doublePrecision('spo2'),
    systolic: doublePrecision('systolic'),
    diastolic: doublePrecision('diastolic'),
    temperature: doublePrecision('temperature'),
  },
  (table) => [
    uniqueIndex('vital_readings_device_at_unique').on(table.deviceId, table.at),
    // A citizen's series, by time.
    index('vital_readings_citizen_at_idx').on(table.citizenId, table.at),
  ],
);

/** A citizen's vital limits; null means no limit. A reading outside raises a `vitals` alarm. */
export const citizenVitalThresholds = pgTable('citizen_vital_thresholds', {
  citizenId: uuid('citizen_id')
    .primaryKey()
    .references(() => citizens.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
  heartRateMin: integer('heart_rate_min'),
  heartRateMax: integer('heart_rate_max'),
  spo2Min: integer('spo2_min'),
  systolicMax: integer('systolic_max'),
  temperatureMin: doublePrecision('temperature_min'),
  temperatureMax: doublePrecision('temperature_max'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
