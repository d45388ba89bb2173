/**
 * Bulk-inserts the bench fleet into Demo Kommune with SQL as the database owner (registering
 * 10,000 watches, citizens and 50,000 fences through the API would take longer than the
 * measurement): an organization, a watch product, one citizen per watch linked to its five fences
 * (`fencesOf`), and the watches, each worn by its citizen. Runs between the server's first start
 * (migrations, demo data) and the measured one.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { fencesOf, fleetImei, type FleetDevice } from './fleet';

const CHUNK = 5000;

export interface SeededFleet {
  tenantId: string;
  organizationId: string;
  devices: FleetDevice[];
}

/** Inserts `columns` of equally long arrays with one `unnest` per chunk of rows. */
async function insertColumns(
  client: pg.Client,
  table: string,
  columns: Record<string, { type: string; values: unknown[] }>,
): Promise<void> {
  const names = Object.keys(columns);
  const rows = columns[names[0]!]!.values.length;
  const list = names.map((_, position) => `$${position + 1}::${columns[names[position]!]!.type}[]`);
  const text = `insert into ${table} (${names.join(', ')}) select * from unnest(${list.join(', ')})`;
  for (let start = 0; start < rows; start += CHUNK) {
    await client.query(
      text,
      names.map((name) => columns[name]!.values.slice(start, start + CHUNK)),
    );
  }
}

export async function seedFleet(client: pg.Client, count: number): Promise<SeededFleet> {
  const tenant = await client.query<{ id: string }>(`select id from tenants where name = 'Demo Kommune'`);
  const tenantId = tenant.rows[0]?.id;
  if (!tenantId) throw new Error('Demo Kommune is missing: the server must start once with DEMO_DATA=true');
  const organizationId = randomUUID();
  const productId = randomUUID();
  await client.query(
    `insert into organization_units (id, tenant_id, code, display_name) values ($1, $2, '09001', 'Bench fleet')`,
    [organizationId, tenantId],
  );
  await client.query(
    `insert into products (id, tenant_id, kind, name, list_price_minor, currency, expected_reporting_interval_seconds)
     values ($1, $2, 'deviceFamily', 'Bench watch', 0, 'DKK', 300)`,
    [productId, tenantId],
  );

  const indexes = Array.from({ length: count }, (_, index) => index);
  const tenantIds = (length: number) => Array<string>(length).fill(tenantId);
  const citizenIds = indexes.map(() => randomUUID());
  await insertColumns(client, 'citizens', {
    id: { type: 'uuid', values: citizenIds },
    tenant_id: { type: 'uuid', values: tenantIds(count) },
    organization_id: { type: 'uuid', values: Array<string>(count).fill(organizationId) },
    name: { type: 'text', values: Array<string>(count).fill('Bench') },
    surname: { type: 'text', values: indexes.map((index) => `Citizen ${index}`) },
    // Never decrypted by the benches; unique per tenant as the real hash is.
    cpr_encrypted: { type: 'text', values: Array<string>(count).fill('bench') },
    cpr_hash: { type: 'text', values: indexes.map((index) => `bench-${index}`) },
  });

  const fences = indexes.flatMap((index) => fencesOf(index).map((shape) => ({ index, shape })));
  const fenceIds = fences.map(() => randomUUID());
  const circleField = <T>(
    pick: (shape: Extract<(typeof fences)[number]['shape'], { kind: 'circle' }>) => T,
  ) => fences.map(({ shape }) => (shape.kind === 'circle' ? pick(shape) : null));
  await insertColumns(client, 'geofences', {
    id: { type: 'uuid', values: fenceIds },
    tenant_id: { type: 'uuid', values: tenantIds(fences.length) },
    name: {
      type: 'text',
      values: fences.map(({ index }, position) => `Bench ${index} fence ${position % 5}`),
    },
    kind: { type: 'text', values: fences.map(({ shape }) => shape.kind) },
    center_lat: { type: 'float8', values: circleField((shape) => shape.center.lat) },
    center_lon: { type: 'float8', values: circleField((shape) => shape.center.lon) },
    radius_meters: { type: 'float8', values: circleField((shape) => shape.radiusMeters) },
    polygon: {
      type: 'jsonb',
      values: fences.map(({ shape }) =>
        shape.kind === 'polygon' ? JSON.stringify({ type: 'Polygon', coordinates: [shape.ring] }) : null,
      ),
    },
    min_lat: { type: 'float8', values: fences.map(({ shape }) => shape.minLat) },
    min_lon: { type: 'float8', values: fences.map(({ shape }) => shape.minLon) },
    max_lat: { type: 'float8', values: fences.map(({ shape }) => shape.maxLat) },
    max_lon: { type: 'float8', values: fences.map(({ shape }) => shape.maxLon) },
  });
  await insertColumns(client, 'citizen_geofences', {
    tenant_id: { type: 'uuid', values: tenantIds(fences.length) },
    citizen_id: { type: 'uuid', values: fences.map(({ index }) => citizenIds[index]!) },
    geofence_id: { type: 'uuid', values: fenceIds },
  });

  const devices = indexes.map((index) => ({ index, id: randomUUID(), imei: fleetImei(index) }));
  await insertColumns(client, 'devices', {
    id: { type: 'uuid', values: devices.map((device) => device.id) },
    tenant_id: { type: 'uuid', values: tenantIds(count) },
    organization_id: { type: 'uuid', values: Array<string>(count).fill(organizationId) },
    product_id: { type: 'uuid', values: Array<string>(count).fill(productId) },
    citizen_id: { type: 'uuid', values: citizenIds },
    name: { type: 'text', values: indexes.map((index) => `Bench watch ${index}`) },
    imei: { type: 'text', values: devices.map((device) => device.imei) },
    status: { type: 'text', values: Array<string>(count).fill('unknown') },
  });
  await client.query('analyze');
  return { tenantId, organizationId, devices };
}
