import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchServer, type ServerProcess } from '@homeward/tools/server-process';
import { registerBenchWatches } from '../../bench/support/bench-api';
import { demoAccessToken } from '@homeward/simulator';
import { createSystemDatabase, type SystemDatabase } from './system-support';

/**
 * Restart: a watch keeps reporting over OsmAnd HTTP while the server is stopped and started again
 * on the same address and data. The client retries every report until it gets a 200, as the
 * Traccar Client app does; each report ends up stored exactly once (a report the old process
 * stored but could not answer is retried, and the dedupe on device time keeps it single).
 */
const REPORTS = 40;
let database: SystemDatabase;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await createSystemDatabase('hw_restart');
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('a server restart', () => {
  it('loses no report and stores none twice while the client retries', async () => {
    const port = await freePort();
    const launch = () =>
      launchServer({ port, dataDir: database.dataDir, env: { ...database.env, DEMO_DATA: 'true' } });
    server = await launch();
    const token = await demoAccessToken(server.baseUrl, 'kommune.admin');
    const [watch] = await registerBenchWatches(server.baseUrl, token, {
      count: 1,
      label: 'Restart watch',
      imeiBase: 86_777_000_000_000 + Math.floor(Math.random() * 1_000_000),
    });
    const baseUrl = server.baseUrl;
    const firstTime = Math.floor(Date.now() / 1000) - REPORTS - 60;

    let sent = 0;
    let failedAttempts = 0;
    /** One report, sent again after any refusal or lost connection until it is answered 200. */
    async function sendUntilStored(index: number): Promise<void> {
      const query = `id=${watch!.imei}&timestamp=${firstTime + index}&lat=${56.1 + index / 10_000}&lon=10.2&batt=90`;
      // Bounded: a server that never comes back fails the test here (after 600 tries) rather than hanging it.
      for (let attempt = 0; attempt < 600; attempt += 1) {
        try {
          const response = await fetch(`${baseUrl}/api/gateway/osmand?${query}`, { method: 'POST' });
          if (response.status === 200) return;
        } catch {
          // Connection refused or reset while the server is down.
        }
        failedAttempts += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`report ${index} was not stored after 600 tries`);
    }
    const client = (async () => {
      for (let index = 0; index < REPORTS; index += 1) {
        await sendUntilStored(index);
        sent += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    // Restart once the client is a quarter of the way through.
    while (sent < REPORTS / 4) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.stop();
    server = await launch();
    await client;
    await server.stop();
    server = undefined;

    expect(sent).toBe(REPORTS);
    // The restart really happened in the middle of the run: the client had to retry.
    expect(failedAttempts).toBeGreaterThan(0);
    const rows = await database.query<{ device_time: Date; n: number }>(
      `select device_time, count(*)::int as n from device_positions where device_id = $1 group by device_time order by device_time`,
      [watch!.id],
    );
    expect(rows).toHaveLength(REPORTS);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });
});
