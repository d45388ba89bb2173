/**
 * bench:invoices — the time to invoice 1,000 customers with 100,000 watches: one monthly run
 * through the real route `POST /api/invoices/runs` as the Demo Kommune admin. The customers (each
 * with one organization, a discount and a subscription price) and their watches are bulk-inserted
 * with SQL while no server holds the database; then the server starts and the run is timed, and
 * timed again for the same month (nothing is made twice). Embedded PGlite unless DATABASE_URL is set
 * (then a scratch database on that server).
 */
import type { InvoiceRunResponse } from '@homeward/contracts';
import { demoAccessToken } from '@homeward/simulator';
import { launchServer } from '@homeward/tools/server-process';
import { createBenchDatabase, runSql, seedWhileStopped } from './support/bulk-seeded-server';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);

/** Last month, `YYYY-MM` (the watches are registered long before it). */
const now = new Date();
const MONTH = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

const TENANT = `(select id from tenants where name = 'Demo Kommune')`;

/** The bulk rows, as the owner: a watch family, a subscription, customers, organizations, watches. */
const BULK_SQL = [
  `insert into products (id, tenant_id, kind, name, list_price_minor, currency)
   values (gen_random_uuid(), ${TENANT}, 'deviceFamily', 'Bench watch', 29900, 'DKK'),
          (gen_random_uuid(), ${TENANT}, 'subscription', 'Bench subscription', 9900, 'DKK')`,
  `insert into customers (id, tenant_id, name, discount_basis_points, invoice_email)
   select gen_random_uuid(), ${TENANT}, 'Bench customer ' || lpad(g::text, 5, '0'), (g % 5) * 250,
          'invoice' || g || '@bench.example'
   from generate_series(1, ${CUSTOMERS}) g`,
  `insert into organization_units (id, tenant_id, code, display_name, customer_id)
   select gen_random_uuid(), c.tenant_id, '9' || lpad(row_number() over (order by c.name)::text, 5, '0'),
          'Bench organization of ' || c.name, c.id
   from customers c where c.name like 'Bench customer %'`,
  `insert into customer_product_prices (tenant_id, customer_id, product_id, price_minor)
   select c.tenant_id, c.id, p.id, 7900
   from customers c cross join products p
   where c.name like 'Bench customer %' and p.name = 'Bench subscription'`,
  `insert into devices (id, tenant_id, name, imei, organization_id, product_id, created_at)
   select gen_random_uuid(), o.tenant_id, 'Bench watch ' || g, '990' || lpad(g::text, 12, '0'), o.id, p.id,
          timestamptz '2024-01-01 00:00:00+00'
   from generate_series(1, ${DEVICES}) g
   join (select id, tenant_id, row_number() over (order by code) as n
         from organization_units where display_name like 'Bench organization of %') o
     on o.n = (g % ${CUSTOMERS}) + 1
   cross join (select id from products where name = 'Bench watch') p`,
];

async function run(baseUrl: string, token: string): Promise<{ seconds: number; result: InvoiceRunResponse }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/invoices/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ month: MONTH }),
  });
  if (!response.ok) throw new Error(`run refused: ${response.status} ${await response.text()}`);
  const result = (await response.json()) as InvoiceRunResponse;
  return { seconds: (performance.now() - started) / 1000, result };
}

const database = await createBenchDatabase();
console.log(`database: ${database.label}; ${CUSTOMERS} customers, ${DEVICES} watches, month ${MONTH}`);
try {
  const seconds = await seedWhileStopped(database, (db) => runSql(db, BULK_SQL));
  console.log(`bulk rows in ${seconds.toFixed(1)} s`);

  const server = await launchServer({ env: database.env });
  try {
    const token = await demoAccessToken(server.baseUrl, 'kommune.admin');
    const first = await run(server.baseUrl, token);
    console.log(
      `invoice run: ${first.result.created} invoices for ${DEVICES} watches in ${first.seconds.toFixed(2)} s ` +
        `(${(DEVICES / first.seconds).toFixed(0)} watches/s)`,
    );
    const again = await run(server.baseUrl, token);
    console.log(
      `same month again: ${again.result.created} made, ${again.result.alreadyInvoiced} already invoiced, ` +
        `in ${again.seconds.toFixed(2)} s`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
}
