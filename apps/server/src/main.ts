import type { buildApp as BuildApp } from './app';
import { ConfigError, loadConfig } from './platform/config/config';
import { createDatabase, DatabaseConnectError, type DatabaseHandle } from './platform/db/database';
import type { Logger } from 'pino';
import { createLogger } from './platform/logging/logger';
import { createMqtt, type MqttHandle } from './platform/mqtt/mqtt';
import { loadSmtpSettings } from './modules/settings/smtp-settings';
import { readGlobalSetting } from './modules/settings/global-settings.repository';
import { startAuditRetention } from './platform/audit/audit-retention';
import { createEmailTransport, type SmtpSettings } from './platform/outbox/email-transport';
import { startOutboxDelivery } from './platform/outbox/outbox-delivery';
import { createLogSmsTransport } from './platform/outbox/sms-transport';
import { createWebPushTransport } from './modules/push/web-push-transport';
import { vapidKeySource } from './modules/push/vapid-keys';
import { recordAlarmDeliveryAttempt } from './modules/alarms/alarm-delivery-attempts';
import { seedDemoData } from './seed/demo-data';
import { startCommandDelivery, type CommandDelivery } from './modules/device-commands/command-delivery';
import { startDeviceGateways, type DeviceGateways } from './modules/gateways/device-gateways';
import { createGatewayMetrics } from './modules/gateways/gateway-metrics';
import { startDemoSimulator } from './seed/demo-simulator';
import { maintainPositionPartitions } from './modules/telemetry/position-partitions';
import { startAlarmEscalation } from './modules/alarms/alarm-escalation';
import { startTelemetryJobs } from './modules/telemetry/telemetry-jobs';
import { startMessageDelivery } from './modules/messages/message-delivery';
import { startBillingJob } from './modules/billing/billing-job';
import { startReportScheduleJob } from './modules/reports/report-schedule-job';
import { createBillingProvider } from './modules/billing-provider/create-billing-provider';
import { startLocalWebhookDelivery } from './modules/billing-provider/local-webhook-delivery';
import { billingEventHandlers } from './modules/billing/billing-webhook-handlers';
import { createTelemetryService } from './modules/telemetry/telemetry.service';
import { ensureHostStaticRoles } from './modules/roles/static-roles';
import { startMetricsListener, type MetricsListener } from './platform/metrics/metrics-listener';
import { MetricsRegistry } from './platform/metrics/metrics';
import { alarmLinkBasesOf } from './modules/alarm-texts/alarm-notification-text';

/**
 * Start-up: configuration, database (connect, migrate), MQTT, HTTP. A problem the operator must fix
 * (bad variable, unreachable database, busy port) ends the process with one line and exit code 1.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  if (config.cprEncryptionKeyIsDevelopmentKey) {
    logger.warn('CPR_ENCRYPTION_KEY is unset: CPR numbers are encrypted with the fixed development key');
  }

  let database: DatabaseHandle | undefined;
  let mqtt: MqttHandle | undefined;
  let gateways: DeviceGateways | undefined;
  let commandDelivery: CommandDelivery | undefined;
  let metricsListener: MetricsListener | undefined;
  try {
    database = await createDatabase(config);
    await database.migrate();
    await ensureHostStaticRoles(database.db);
    if (config.demoData) await seedDemoData(database.db, logger, config.cprEncryptionKey);
    // This month's position partition must exist before the first report, whatever the role.
    await maintainPositionPartitions(database.db, new Date());
    logger.info({ kind: database.kind }, 'database ready');
    // The process's counters and alarm links, handed to the app and to everything started beside it.
    const metrics = new MetricsRegistry();
    const alarmLinks = alarmLinkBasesOf(config);
    mqtt = await createMqtt(config, logger, metrics);
    const reportSink = createTelemetryService({ db: database.db, metrics, alarmLinks });
    const { buildApp, servedMetrics } = await importWithLibraryNoticesLogged(() => import('./app'), logger);
    commandDelivery = await startCommandDelivery({ database, mqtt, logger });
    const app = await buildApp({ config, database, mqtt, logger, reportSink, commandDelivery, metrics });
    await listen(app, config.host, config.port);
    if (config.metricsPort !== 0) {
      const served = servedMetrics(metrics);
      metricsListener = await startMetricsListener(config.metricsHost, config.metricsPort, served).catch(
        (error: unknown) => {
          const code = (error as NodeJS.ErrnoException).code;
          throw new StartupError(
            `Cannot serve metrics on ${config.metricsHost}:${config.metricsPort} (${String(code)}); set METRICS_PORT to a free port, or 0 to turn it off`,
          );
        },
      );
    }
    // The TCP gateways (GATEWAY_WATCH_PORT, GATEWAY_OSMAND_PORT; 0 = off) feed the same sink and
    // count into the app's registry, so `/metrics` and the metrics port serve their counters too.
    gateways = await startDeviceGateways({
      config,
      sink: reportSink,
      metrics: createGatewayMetrics(metrics),
      logger,
    }).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw error;
      throw new StartupError(
        `Cannot start the device gateways on ports ${config.gatewayWatchPort} and ${config.gatewayOsmandPort} (${code}); set GATEWAY_WATCH_PORT and GATEWAY_OSMAND_PORT to free ports, or 0 to turn a gateway off`,
      );
    });
    // Commands queued for a watch connected here go down its connection at once.
    if (gateways.watch) commandDelivery.attachWatch(gateways.watch);
    const delivery = commandDelivery;
    // Demo mode's live watches (DEMO_SIMULATOR_DEVICES) report to the ports just opened.
    const demoSimulator = await startDemoSimulator({
      config,
      db: database.db,
      mqtt,
      watchPort: gateways.watch?.port,
      logger,
    }).catch((error: unknown) => {
      logger.warn({ err: error }, 'demo simulator did not start');
      return undefined;
    });
    // The host's SMTP settings, read outside the delivery transaction: on embedded PGlite (one
    // connection) a read during that transaction would wait for it, and it for the read.
    const smtpSettings = followSmtpSettings(database.db);
    // Background work runs where ROLE says so (DESIGN §8): `worker` or `all`.
    const outboxDelivery =
      config.role === 'api'
        ? undefined
        : startOutboxDelivery({
            db: database.db,
            logger,
            // The host's SMTP settings when set, else SMTP_URL, else the log (embedded default).
            transport: createEmailTransport({
              logger,
              smtpUrl: config.smtpUrl,
              loadSmtpSettings: () => smtpSettings.current(),
            }),
            // No SMS gateway yet: alarm SMS go to the log.
            smsTransport: createLogSmsTransport(logger),
            // Web Push to the users' subscribed devices (modules/push), signed with the VAPID keys.
            pushTransport: createWebPushTransport({
              keys: vapidKeySource(config),
              subject: config.vapidSubject,
              insecureHosts: config.pushInsecureEndpointHosts,
              logger,
            }),
            // An alarm's timeline hears of each attempt, and a failed push falls back (modules/alarms).
            onAlarmAttempt: recordAlarmDeliveryAttempt,
          });
    const db = database.db;
    const stopAuditRetention =
      config.role === 'api'
        ? undefined
        : startAuditRetention({
            db: database.db,
            readSetting: (name) => readGlobalSetting(db, name),
            logger,
          });
    const telemetryJobs =
      config.role === 'api'
        ? undefined
        : startTelemetryJobs({
            db: database.db,
            alarmLinks,
            logger,
            offlineIntervalMs: config.offlineCheckSeconds * 1000,
          });
    const stopAlarmEscalation =
      config.role === 'api' ? undefined : startAlarmEscalation({ db: database.db, alarmLinks, logger });
    const messageDelivery =
      config.role === 'api' ? undefined : startMessageDelivery({ db: database.db, logger });
    // Charges the subscriptions' periods as they begin, retries declined ones (modules/billing), and
    // hands the local provider's events to the webhook handlers as Stripe would post its own.
    const billingProvider = createBillingProvider(config, database.db);
    const stopBillingJob =
      config.role === 'api'
        ? undefined
        : startBillingJob({ db: database.db, provider: billingProvider, logger });
    // Report schedules' monthly e-mails (modules/reports), once per schedule and month.
    const stopReportSchedules =
      config.role === 'api'
        ? undefined
        : startReportScheduleJob({ db: database.db, publicUrl: config.publicUrl, logger });
    const stopLocalWebhooks =
      config.role === 'api'
        ? undefined
        : startLocalWebhookDelivery({
            db: database.db,
            provider: billingProvider,
            handlers: billingEventHandlers(billingProvider.kind),
            logger,
          });
    logger.info({ url: config.publicUrl, role: config.role }, 'Homeward is running');

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      // Stop the demo watches, then taking device traffic and requests, then the jobs, then the parts they use.
      await demoSimulator?.stop().catch(() => undefined);
      await gateways
        ?.close()
        .catch((error: unknown) => logger.error({ err: error }, 'closing device gateways failed'));
      await app.close().catch((error: unknown) => logger.error({ err: error }, 'closing HTTP failed'));
      await metricsListener?.close();
      await delivery
        .stop()
        .catch((error: unknown) => logger.error({ err: error }, 'stopping command delivery failed'));
      await outboxDelivery
        ?.stop()
        .catch((error: unknown) => logger.error({ err: error }, 'stopping outbox delivery failed'));
      stopAuditRetention?.();
      smtpSettings.stop();
      await telemetryJobs
        ?.stop()
        .catch((error: unknown) => logger.error({ err: error }, 'stopping telemetry jobs failed'));
      await stopAlarmEscalation?.().catch((error: unknown) =>
        logger.error({ err: error }, 'stopping alarm escalation failed'),
      );
      await messageDelivery
        ?.stop()
        .catch((error: unknown) => logger.error({ err: error }, 'stopping message delivery failed'));
      await stopBillingJob?.().catch((error: unknown) =>
        logger.error({ err: error }, 'stopping billing job failed'),
      );
      await stopReportSchedules?.().catch((error: unknown) =>
        logger.error({ err: error }, 'stopping report schedules failed'),
      );
      await stopLocalWebhooks?.().catch((error: unknown) =>
        logger.error({ err: error }, 'stopping local billing webhook delivery failed'),
      );
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
    await metricsListener?.close().catch(() => undefined);
    await gateways?.close().catch(() => undefined);
    await commandDelivery?.stop().catch(() => undefined);
    await mqtt?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    throw error;
  }
}

/** SMTP settings kept fresh by a timer (every 5 s), so a change on the settings screen applies within seconds. */
function followSmtpSettings(db: DatabaseHandle['db']) {
  let latest: Promise<SmtpSettings | null> = loadSmtpSettings(db).catch(() => null);
  const timer = setInterval(() => {
    const next = loadSmtpSettings(db);
    // Keep the last good value until the new one is read.
    void next.then(
      () => (latest = next),
      () => undefined,
    );
  }, 5000);
  timer.unref();
  return { current: () => latest, stop: () => clearInterval(timer) };
}

/**
 * Loads the app after the configuration is known good, so a bad variable still ends start-up with
 * its one line. Libraries that print notices with console.warn while loading (oidc-provider 9 warns
 * once that Node 20 is not its supported runtime; see README "Node version") go to the structured
 * log instead of raw stderr.
 */
async function importWithLibraryNoticesLogged<T>(load: () => Promise<T>, logger: Logger): Promise<T> {
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => logger.warn({ library: true }, parts.map(String).join(' '));
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}

async function listen(app: Awaited<ReturnType<typeof BuildApp>>, host: string, port: number): Promise<void> {
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
