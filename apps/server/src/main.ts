import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config/config';
import { createDatabase, DatabaseConnectError, type DatabaseHandle } from './platform/db/database';
import { createLogger } from './platform/logging/logger';
import { createMqtt, type MqttHandle } from './platform/mqtt/mqtt';

/**
 * Start-up: configuration, database (connect, migrate), MQTT, HTTP. A problem the operator must fix
 * (bad variable, unreachable database, busy port) ends the process with one line and exit code 1.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config);

  let database: DatabaseHandle | undefined;
  let mqtt: MqttHandle | undefined;
  try {
    database = await createDatabase(config);
    await database.migrate();
    logger.info({ kind: database.kind }, 'database ready');
    mqtt = await createMqtt(config, logger);
    const app = await buildApp({ config, database, mqtt, logger });
    await listen(app, config.host, config.port);
    logger.info({ url: config.publicUrl, role: config.role }, 'Homeward is running');

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      // Stop taking requests first, then the parts they use.
      await app.close().catch((error: unknown) => logger.error({ err: error }, 'closing HTTP failed'));
      await mqtt?.close().catch((error: unknown) => logger.error({ err: error }, 'closing MQTT failed'));
      await database
        ?.close()
        .catch((error: unknown) => logger.error({ err: error }, 'closing database failed'));
      logger.info('stopped');
      logger.flush();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  } catch (error) {
    await mqtt?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    throw error;
  }
}

async function listen(app: Awaited<ReturnType<typeof buildApp>>, host: string, port: number): Promise<void> {
  try {
    await app.listen({ host, port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw new StartupError(
        `Cannot listen on ${host}:${port} (${code}); set PORT or HOST to a free address`,
      );
    }
    throw error;
  }
}

class StartupError extends Error {}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseConnectError ||
    error instanceof StartupError
  ) {
    console.error(error.message);
  } else {
    console.error(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
  process.exit(1);
});
