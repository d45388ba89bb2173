import { installValidationMessages } from '@homeward/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { appConfigurationRoutes } from './modules/app-configuration/app-configuration.routes';
import { healthRoutes } from './modules/health/health.routes';
import { metricsRoutes } from './modules/health/metrics.routes';
import { localizationRoutes } from './modules/localization/localization.routes';
import { findFollowedUnitIds } from './modules/organization-units/organization-units.repository';
import { writeSecurityLog } from './modules/security-logs/security-log-writer';
import { createTextOverrides } from './modules/localization/text-overrides';
import type { ModuleDependencies } from './modules/module-dependencies';
import { MODULE_ROUTES } from './module-routes';
import { alarmLinkBasesOf } from './modules/alarm-texts/alarm-notification-text';
import { billingProviderRoutes } from './modules/billing-provider/billing-provider.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { localCardEntryRoutes } from './modules/billing/local-card-entry.routes';
import { billingEventHandlers } from './modules/billing/billing-webhook-handlers';
import type { BillingProvider } from './modules/billing-provider/billing-provider';
import { createBillingProvider } from './modules/billing-provider/create-billing-provider';
import type { DeviceReportSink } from './modules/gateways/device-report-sink';
import { createGatewayMetrics } from './modules/gateways/gateway-metrics';
import { osmandRoutes } from './modules/gateways/osmand/osmand-routes';
import { startCommandDelivery, type CommandDelivery } from './modules/device-commands/command-delivery';
import { deviceCommandsRoutes } from './modules/device-commands/device-commands.routes';
import {
  createDeviceMqttAuthority,
  subscribeCommandAnswers,
  subscribeDeviceReports,
} from './modules/gateways/mqtt-ingest';
import { readGlobalSetting } from './modules/settings/global-settings.repository';
import { findLastProtocol } from './modules/telemetry/last-protocol.repository';
import { createTelemetryService } from './modules/telemetry/telemetry.service';
import type { Config } from './platform/config/config';
import type { DatabaseHandle } from './platform/db/database';
import { accountRoutes } from './modules/account/account.routes';
import { createSignInService } from './modules/account/sign-in.service';
import { loadAccountTexts } from './modules/account/account-texts';
import { createProviderPages } from './modules/account/provider-pages';
import { startAccessTokenResolver } from './platform/auth/oidc/access-token-resolver';
import type { RevokedGrant } from './platform/auth/oidc/token-revocation-notices';
import { mountOidcProvider } from './platform/auth/oidc/oidc-mount';
import { createOidcProvider } from './platform/auth/oidc/oidc-provider';
import { installAuditLog } from './platform/audit/audit-log';
import { authenticateAccessToken, installRequestAuth } from './platform/auth/request-auth';
import { registerRealtime } from './platform/realtime/realtime.routes';
import { installRequestTransactions } from './platform/tenancy/request-transaction';
import { installErrorHandler } from './platform/errors/error-handler';
import { zodValidatorCompiler } from './platform/http/request-validation';
import { installTextInputGuard } from './platform/http/text-input-guard';
import { registerApiDocs } from './platform/http/api-docs';
import { installCompression } from './platform/http/compression';
import { installSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp } from './platform/http/web-app';
import { loadErrorMessages } from './platform/i18n/error-messages';
import { MetricsRegistry } from './platform/metrics/metrics';
import type { MqttHandle } from './platform/mqtt/mqtt';
import { UserAuthorizationCache } from './platform/permissions/user-authorization';
import { APP_VERSION } from './platform/version';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  mqtt: MqttHandle;
  /** The process logger; without one the app logs nothing (tests). */
  logger?: Logger;
  /** Where device reports go; the telemetry service over `database` unless given. */
  reportSink?: DeviceReportSink;
  /**
   * Sends queued commands to devices this node reaches; started over `database` and `mqtt` unless
   * given (main.ts gives its own, to attach the watch gateway it starts after the app).
   */
  commandDelivery?: CommandDelivery;
  /** The clock the in-app device gateways read receive times from (tests). */
  gatewayClock?: () => Date;
  /**
   * The MQTT shared-subscription group for device reports on an external broker (`homeward`).
   * Test apps sharing one broker each take their own, so none receives another's reports.
   */
  mqttShareGroup?: string;
  /** Told each time this node has applied a token revocation heard from any node (tests). */
  onTokenRevocationHeard?: (grant: RevokedGrant) => void;
  /** The card processor; made from the configuration unless given (tests give one with a test clock). */
  billingProvider?: BillingProvider;
  /**
   * The app's counters (`GET /metrics`); a registry of the app's own unless given. main.ts gives the
   * one its report sink, MQTT broker and metrics port share with the app.
   */
  metrics?: MetricsRegistry;
  /** Told of every route as it registers (the contract test compares them with the endpoint table). */
  onRoute?: (route: RouteOptions) => void;
}

/** The counters an app's `/metrics` serves: its own registry, the gateways' counters included. */
export function servedMetrics(metrics: MetricsRegistry): MetricsRegistry[] {
  return [metrics];
}

/** The app as routes see it: zod schemas give request and reply types. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Largest request body; bigger ones get 413 `payload_too_large`. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Slow clients (README "HTTP limits"): a client must send its request headers within 10 s and the
 * whole request within 30 s, or the socket is closed; Node checks every second. Idle keep-alive
 * sockets close after 72 s (Fastify's default, above common load balancers' 60 s). Upgraded
 * WebSockets are not affected: these apply to receiving an HTTP request only.
 */
export const HTTP_HEADERS_TIMEOUT_MS = 10_000;
export const HTTP_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Builds the HTTP app without listening, so tests drive it with `app.inject()` and may add routes
 * before the first request. The caller owns the database and MQTT handles and closes them.
 */
export async function buildApp(deps: AppDependencies): Promise<App> {
  installValidationMessages();
  const { config, database, mqtt } = deps;
  // This app's own: a second app in the process (tests) counts and links on its own.
  const metrics = deps.metrics ?? new MetricsRegistry();
  const alarmLinks = alarmLinkBasesOf(config);
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestTimeout: HTTP_REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HTTP_HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // On the root before any route: text the database cannot store (NUL, a lone surrogate) anywhere
  // in a request's input is a 400 naming the field, never a database 500.
  installTextInputGuard(app);
  const messages = await loadErrorMessages();
  // Before any plugin registers, so every encapsulated context inherits it.
  installErrorHandler(app, messages);
  // First of all hooks: every answer carries them, errors and the provider's own included.
  await installSecurityHeaders(app, config);
  // Before any route: the plugin attaches its compression to each route as it is declared.
  await installCompression(app);

  const authorizations = new UserAuthorizationCache(database.db);
  const signIn = createSignInService({ db: database.db });
  const provider = await createOidcProvider({
    config,
    db: database.db,
    passwords: signIn,
    authorizations,
    pages: createProviderPages(await loadAccountTexts()),
    writeSecurityLog,
    logger: deps.logger,
  });
  // Every node drops its cached lookups of tokens revoked on any node (NOTIFY).
  const accessTokens = await startAccessTokenResolver(provider, database, deps.onTokenRevocationHeard);
  app.addHook('onClose', accessTokens.stop);
  // A user whose roles or sign-ins this node changed: their tokens are looked up afresh at once.
  authorizations.onInvalidate(accessTokens.forgetAccount);
  // Before any route registers: the onRoute check must see every route.
  const tokenAuth = { resolveAccessToken: accessTokens.resolve, authorizations };
  installRequestAuth(app, tokenAuth);
  // After the auth check is declared, so the wrapped handler runs with the caller known.
  installRequestTransactions(app, database, { rlsDisabledForBenchmark: config.rlsDisabledForBenchmark });
  const moduleDependencies: ModuleDependencies = { config, database, authorizations, logger: deps.logger };
  // Also before any route: hooks apply to the routes registered after them.
  installAuditLog(app, moduleDependencies, (name) => readGlobalSetting(database.db, name));
  await mountOidcProvider(app, provider);
  // The provider's login, two-factor and password-reset pages.
  await app.register(accountRoutes, { provider, signIn, config, database });

  await registerApiDocs(app, {
    title: 'Homeward API',
    version: APP_VERSION,
    serverUrl: config.publicUrl,
    serve: config.apiDocs,
  });

  const startedAt = performance.now();
  await app.register(healthRoutes, {
    database,
    mqtt,
    version: APP_VERSION,
    startedAt,
    now: () => performance.now(),
  });
  await app.register(metricsRoutes, { token: config.metricsToken, registries: servedMetrics(metrics) });
  await app.register(localizationRoutes, { overrides: createTextOverrides(database) });
  await app.register(appConfigurationRoutes, { config, appVersion: APP_VERSION, database });
  await registerRealtime(app, {
    database,
    authenticate: (accessToken) => authenticateAccessToken(accessToken, tokenAuth),
    findFollowedUnitIds,
    logger: deps.logger,
  });

  // Feature modules: each owns its routes file; MODULE_ROUTES is the only place they are wired.
  for (const routes of MODULE_ROUTES) await app.register(routes, moduleDependencies);
  // One card processor for the webhook, the billing routes and the local card entry.
  const billingProvider = deps.billingProvider ?? createBillingProvider(config, database.db);
  await app.register(billingProviderRoutes, {
    ...moduleDependencies,
    billingProvider,
    billingEventHandlers: billingEventHandlers(billingProvider.kind),
  });
  await app.register(billingRoutes, { ...moduleDependencies, billingProvider });
  await app.register(localCardEntryRoutes, { billingProvider });

  // The terminal: commands queued here are sent by whichever node's delivery reaches the device.
  const commandDelivery =
    deps.commandDelivery ?? (await startCommandDelivery({ database, mqtt, logger: deps.logger }));
  if (!deps.commandDelivery) app.addHook('onClose', () => commandDelivery.stop());
  await app.register(deviceCommandsRoutes, { ...moduleDependencies, commandDelivery, findLastProtocol });

  // Device ingest (DESIGN §6): the OsmAnd gateway inside the app, and MQTT reports, into one sink.
  // The TCP gateways on their own ports are started by main.ts with the same sink and metrics.
  const reportSink = deps.reportSink ?? createTelemetryService({ db: database.db, metrics, alarmLinks });
  const clock = deps.gatewayClock;
  const gatewayMetrics = createGatewayMetrics(metrics);
  await app.register(osmandRoutes, { sink: reportSink, metrics: gatewayMetrics, logger: deps.logger, clock });
  mqtt.protect?.(createDeviceMqttAuthority(database.db));
  await subscribeDeviceReports({
    mqtt,
    sink: reportSink,
    metrics: gatewayMetrics,
    logger: deps.logger,
    clock,
    shareGroup: deps.mqttShareGroup,
  });
  await subscribeCommandAnswers({
    mqtt,
    sink: reportSink,
    logger: deps.logger,
    shareGroup: deps.mqttShareGroup,
  });

  await registerWebApp(app, config.webDistDir, messages);
  return app;
}
