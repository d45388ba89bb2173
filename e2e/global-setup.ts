import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, launchServer, type ServerProcess } from '@homeward/tools/server-process';
import { createScratchDatabase, type ScratchDatabase } from '@homeward/tools/scratch-database';
import { startStubTileServer, type StubTileServer } from '@homeward/tools/stub-tile-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's log (pino JSON lines); the embedded e-mail transport writes e-mails there. */
    serverLogFile: string;
    /** The local stub tile server (`MAP_TILE_URL` points at it); `setStubTileStatus` drives it. */
    tileServerUrl: string;
    /** The server's 3G watch TCP gateway (journeys send real watch frames to it). */
    watchPort: number;
    /**
     * The same server on the plug-and-play client's origin (`localhost` where the branded one is
     * `127.0.0.1`, OIDC_PLUG_AND_PLAY_ORIGINS): the SPA there signs in as that client.
     */
    plugAndPlayUrl: string;
  }
}

let server: ServerProcess | undefined;
let database: ScratchDatabase | undefined;
let tiles: StubTileServer | undefined;

/**
 * Starts one real server for all journeys: PGlite in a scratch folder by default, or a fresh
 * database on the PostgreSQL named by DATABASE_URL (as in CI), with MQTT_URL passed through.
 */
export async function setup(project: TestProject): Promise<void> {
  const env: Record<string, string | undefined> = {};
  if (process.env.DATABASE_URL) {
    database = await createScratchDatabase(process.env.DATABASE_URL, 'hw_e2e');
    env.DATABASE_URL = database.url;
  }
  const serverLogFile = path.join(mkdtempSync(path.join(tmpdir(), 'homeward-e2e-')), 'server.log');
  // info: the embedded e-mail transport logs each e-mail at info level.
  // Maps load their tiles from a local stub, never from the internet.
  tiles = await startStubTileServer();
  env.MAP_TILE_URL = tiles.tileUrl;
  const watchPort = await freePort();
  // Two deployments, as spec §1 has them: branded on 127.0.0.1 (the issuer), plug-and-play on
  // localhost. Another site than the provider's, as in the local demo: the SPA there does without
  // session monitoring (user-manager-settings.ts `isSameSite`).
  const port = await freePort();
  const plugAndPlayUrl = `http://localhost:${port}`;
  server = await launchServer({
    port,
    env: {
      ...env,
      LOG_LEVEL: 'info',
      GATEWAY_WATCH_PORT: String(watchPort),
      OIDC_BRANDED_ORIGINS: `http://127.0.0.1:${port}`,
      OIDC_PLUG_AND_PLAY_ORIGINS: plugAndPlayUrl,
    },
    logFile: serverLogFile,
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLogFile', serverLogFile);
  project.provide('tileServerUrl', tiles.baseUrl);
  project.provide('watchPort', watchPort);
  project.provide('plugAndPlayUrl', plugAndPlayUrl);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await database?.drop();
  await tiles?.stop();
}
