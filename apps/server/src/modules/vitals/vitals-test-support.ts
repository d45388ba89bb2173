import type { VitalThresholdFields } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import type { TestApp } from '../../test/build-test-app';
import type { VitalValues } from './vital-values';
import { vitalReadings } from './vitals.schema';

/**
 * Traccar's `WatchProtocolDecoderTest` vectors of the health frames, as the watches send them
 * (vendor, id and length as in the vectors; `watchOnGateway(…).send` swaps in its own watch's id).
 */
export const TRACCAR_HEALTH_FRAMES = {
  bloodPressureAndHeartRate: '[3G*4700609403*0013*bphrt,120,79,73,,,,]',
  oxygen: '[3G*9705141740*000B*oxygen,0,98]',
  temperature: '[ZJ*5678901234*0001*0009*TEMP,36.5]',
  bodyTemperature: '[3G*2104326058*000E*btemp2,1,35.29]',
  bloodPressure: '[ZJ*357653059860416*0007*000c*BLOOD,109,68]',
  pulse: '[CS*8800000015*0008*PULSE,72]',
  heart: '[3G*6005412902*0008*heart,71]',
  /** A watch off the wrist: no reading. */
  heartNone: '[3G*6005412902*0007*heart,0]',
} as const;

/** Thresholds with every limit set, as a test saves them. */
export const VITAL_LIMITS: VitalThresholdFields = {
  heartRateMin: 40,
  heartRateMax: 140,
  spo2Min: 90,
  systolicMax: 180,
  temperatureMin: 35.5,
  temperatureMax: 38.5,
};

/** A watch's stored readings, oldest first, without their ids. */
export async function readingsOf(t: TestApp, deviceId: string) {
  return selectRows<{
    citizen_id: string | null;
    heart_rate: number | null;
    spo2: number | null;
    systolic: number | null;
    diastolic: number | null;
    temperature: number | null;
  }>(
    t.database.db,
    sql`select citizen_id, heart_rate, spo2, systolic, diastolic, temperature
        from vital_readings where device_id = ${deviceId} order by at`,
  );
}

/** Stored readings of a watch and its wearer, each at a time with the values given. */
export async function givenReadings(
  db: Database,
  owner: { tenantId: string; deviceId: string; citizenId: string | null },
  readings: [Date, VitalValues][],
) {
  await db
    .insert(vitalReadings)
    .values(readings.map(([at, values]) => ({ ...owner, at, receivedAt: at, ...values })));
}
