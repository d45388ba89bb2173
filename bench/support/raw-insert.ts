/**
 * The baseline the pipeline is compared with: the position rows the pipeline would store for the
 * fleet's reports (same watches, walk, device times and values as the OsmAnd load sends, ids as
 * uuid v7 like the server's), written with plain multi-row `INSERT ... ON CONFLICT DO NOTHING`
 * into `device_positions` of the same database, a batch at a time on each connection. Afterwards
 * the table is emptied, so the pipeline starts from the same empty table and its stored rows can
 * be counted exactly.
 */
import pg from 'pg';
import { uuidv7 } from '../../apps/server/src/platform/db/uuid-v7';
import { postgresSeconds } from './cpu-meter';
import { ReportSequence } from './fleet';
import type { SeededFleet } from './fleet-seed';

const KNOTS_PER_MPS = 3600 / 1852;
const COLUMNS = [
  'id',
  'tenant_id',
  'device_id',
  'device_time',
  'received_at',
  'kind',
  'protocol',
  'source',
  'latitude',
  'longitude',
  'accuracy_meters',
  'speed_knots',
  'bearing',
  'altitude',
  'battery',
];

export interface RawInsertOptions {
  rows: number;
  batch: number;
  connections: number;
}

export interface RawInsertResult {
  rows: number;
  stored: number;
  seconds: number;
  perSecond: number;
  /** PostgreSQL's CPU microseconds per row; null when its processes are not on this machine. */
  postgresCpuPerRow: number | null;
}

/** The rows of the fleet's first `count` reports, taken in turn as the load takes the watches. */
function positionRows(fleet: SeededFleet, count: number): unknown[][] {
  const sequence = new ReportSequence(fleet.devices.length);
  const receivedAt = new Date();
  return Array.from({ length: count }, (_, row) => {
    const device = fleet.devices[row % fleet.devices.length]!;
    const fix = sequence.next(device.index);
    // As the OsmAnd query carries them: 7 decimals, knots to 2, bearing to 1.
    return [
      uuidv7(),
      fleet.tenantId,
      device.id,
      fix.at,
      receivedAt,
      'position',
      'osmand',
      'gps',
      Number(fix.lat.toFixed(7)),
      Number(fix.lon.toFixed(7)),
      fix.accuracyMeters,
      Number((fix.speedMps * KNOTS_PER_MPS).toFixed(2)),
      Number(fix.bearing.toFixed(1)),
      null,
      fix.batteryPercent,
    ];
  });
}

function insertText(rows: number): string {
  const tuples = Array.from(
    { length: rows },
    (_, row) => `(${COLUMNS.map((_, column) => `$${row * COLUMNS.length + column + 1}`).join(', ')})`,
  );
  return `insert into device_positions (${COLUMNS.join(', ')}) values ${tuples.join(', ')} on conflict do nothing`;
}

export async function measureRawInsert(
  databaseUrl: string,
  fleet: SeededFleet,
  options: RawInsertOptions,
): Promise<RawInsertResult> {
  const rows = positionRows(fleet, options.rows);
  // Statements and parameters are built before the clock starts: the baseline is the database's.
  const batches: { text: string; values: unknown[] }[] = [];
  const texts = new Map<number, string>();
  for (let start = 0; start < rows.length; start += options.batch) {
    const batch = rows.slice(start, start + options.batch);
    if (!texts.has(batch.length)) texts.set(batch.length, insertText(batch.length));
    batches.push({ text: texts.get(batch.length)!, values: batch.flat() });
  }
  const clients = Array.from(
    { length: options.connections },
    () => new pg.Client({ connectionString: databaseUrl }),
  );
  await Promise.all(clients.map((client) => client.connect()));
  try {
    let next = 0;
    const cpuBefore = postgresSeconds();
    const started = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        for (let batch = batches[next++]; batch; batch = batches[next++]) {
          await client.query(batch.text, batch.values);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = postgresSeconds();
    const counted = await clients[0]!.query<{ count: string }>('select count(*) from device_positions');
    await clients[0]!.query('truncate device_positions');
    return {
      rows: rows.length,
      stored: Number(counted.rows[0]!.count),
      seconds,
      perSecond: rows.length / seconds,
      postgresCpuPerRow:
        cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / rows.length,
    };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}
