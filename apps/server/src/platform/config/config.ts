import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrivacyPolicyUrls, SignInClientKind } from '@homeward/contracts';
import { base64Key, envSchema, type LOG_LEVELS, type NODE_ENVS, type Role } from './config-env-schema';

export { CONFIG_VARIABLES, renderConfigTable, type ConfigVariable } from './config-variables';
export { CONFIG_VARIABLE_NAMES, LOG_LEVELS, NODE_ENVS, ROLES, type Role } from './config-env-schema';

/** A configuration problem, worded as the one line start-up prints before exiting. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The validated configuration every part of the server receives; nothing else reads `process.env`. */
export interface Config {
  port: number;
  host: string;
  nodeEnv: (typeof NODE_ENVS)[number];
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  mqttUrl?: string;
  mqttPort: number;
  redisUrl?: string;
  /** OsmAnd HTTP gateway port (Traccar Client); 0 = off. */
  gatewayOsmandPort: number;
  /** 3G watch TCP gateway port; 0 = off. */
  gatewayWatchPort: number;
  /** A watch connection silent this long is closed (GATEWAY_WATCH_IDLE_SECONDS). */
  gatewayWatchIdleSeconds: number;
  /** Open connections one address may hold on each gateway port (GATEWAY_MAX_CONNECTIONS_PER_IP). */
  gatewayMaxConnectionsPerIp: number;
  /** Largest payload a device may publish over MQTT (MQTT_MAX_PAYLOAD_BYTES). */
  mqttMaxPayloadBytes: number;
  /** An embedded-broker connection not signed in after this long is closed (MQTT_CONNECT_TIMEOUT_SECONDS). */
  mqttConnectTimeoutSeconds: number;
  role: Role;
  /** How often the offline job looks for silent watches. */
  offlineCheckSeconds: number;
  webDistDir: string;
  themeSwitchingEnabled: boolean;
  mapTileUrl: string;
  smtpUrl?: string;
  stripeSecretKey?: string;
  /** Signing secret of the Stripe webhook endpoint (STRIPE_WEBHOOK_SECRET). */
  stripeWebhookSecret?: string;
  /** Stripe publishable key for the browser's card element (STRIPE_PUBLISHABLE_KEY). */
  stripePublishableKey?: string;
  privacyPolicyUrls: PrivacyPolicyUrls;
  termsUrl?: string;
  forumUrl?: string;
  supportEmail: string;
  supportPhone: string;
  companyName: string;
  companyAddress: string;
  companyCvr: string;
  demoData: boolean;
  /** Simulated watches started in-process after listening (DEMO_SIMULATOR_DEVICES); 0 = none. */
  demoSimulatorDevices: number;
  trustProxy: boolean;
  /** The 32-byte key CPR numbers are encrypted with (CPR_ENCRYPTION_KEY), see modules/citizens. */
  cprEncryptionKey: Buffer;
  /** True when CPR_ENCRYPTION_KEY is unset outside production and the fixed development key is used. */
  cprEncryptionKeyIsDevelopmentKey: boolean;
  /** Benchmark only: run requests without the restricted role (see RLS_DISABLED_FOR_BENCHMARK). */
  rlsDisabledForBenchmark: boolean;
  /** Port of the internal metrics listener (METRICS_PORT); 0 = none. */
  metricsPort: number;
  /** Interface the metrics listener binds to (METRICS_HOST). */
  metricsHost: string;
  /** Bearer token that opens `GET /metrics` on the main port (METRICS_TOKEN); unset = not served there. */
  metricsToken?: string;
  /** Report downloads stream from a worker process on PostgreSQL (REPORT_WORKER). */
  reportWorker: boolean;
  /** Extra node flags for report workers (REPORT_WORKER_NODE_ARGS). */
  reportWorkerNodeArgs: string[];
  /** Whether `/api/docs` (Swagger UI and the OpenAPI document) is served (API_DOCS). */
  apiDocs: boolean;
  signInClients: { kind: SignInClientKind; clientId: string; origins: string[] }[];
  /** Web Push (modules/push): the configured VAPID pair, if any (else one is kept in the database). */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** The contact push services see in the VAPID token (VAPID_SUBJECT). */
  vapidSubject: string;
  /** Hosts whose push endpoints may be plain http or private (PUSH_INSECURE_ENDPOINT_HOSTS). */
  pushInsecureEndpointHosts: string[];
}

/** apps/web/dist, found from this file (apps/server/src/platform/config) so the working folder does not matter. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/** Variables whose values must never be echoed in an error line. */
const SECRET_VARIABLES = new Set([
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'CPR_ENCRYPTION_KEY',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
]);

/**
 * Outside production an unset CPR_ENCRYPTION_KEY falls back to this fixed key, so development and
 * tests need no setup; start-up logs a warning. Anything encrypted with it is not secret.
 */
export const DEVELOPMENT_CPR_KEY = createHash('sha256').update('homeward-development-cpr-key').digest();

/** Hides the password in a URL-like string, even one that does not parse. */
export function maskUrlPassword(value: string): string {
  return value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

/**
 * Reads and validates the configuration. Throws a ConfigError naming the first bad variable.
 * Empty values count as unset, as container tooling often passes `VAR=`.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') present[name] = value.trim();
  }
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0]);
    const raw = present[variable] ?? '';
    const shown = SECRET_VARIABLES.has(variable) ? '***' : maskUrlPassword(raw);
    throw new ConfigError(variable, `Invalid configuration: ${variable} ${issue.message} (got "${shown}")`);
  }
  const e = result.data;
  if (e.RLS_DISABLED_FOR_BENCHMARK && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'RLS_DISABLED_FOR_BENCHMARK',
      'Invalid configuration: RLS_DISABLED_FOR_BENCHMARK must not be set when NODE_ENV=production',
    );
  }
  if (!e.CPR_ENCRYPTION_KEY && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'CPR_ENCRYPTION_KEY',
      'Invalid configuration: CPR_ENCRYPTION_KEY is required when NODE_ENV=production (32 bytes in base64: openssl rand -base64 32)',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(
      missing,
      `Invalid configuration: ${missing} must be set too (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together)`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const localhost = `http://localhost:${e.PORT}`;
  const unique = (origins: string[]) => [...new Set(origins)];
  const demoData = e.DEMO_DATA ?? e.NODE_ENV !== 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    redisUrl: e.REDIS_URL,
    gatewayOsmandPort: e.GATEWAY_OSMAND_PORT,
    gatewayWatchPort: e.GATEWAY_WATCH_PORT,
    gatewayWatchIdleSeconds: e.GATEWAY_WATCH_IDLE_SECONDS,
    gatewayMaxConnectionsPerIp: e.GATEWAY_MAX_CONNECTIONS_PER_IP,
    mqttMaxPayloadBytes: e.MQTT_MAX_PAYLOAD_BYTES,
    mqttConnectTimeoutSeconds: e.MQTT_CONNECT_TIMEOUT_SECONDS,
    role: e.ROLE,
    offlineCheckSeconds: e.OFFLINE_CHECK_SECONDS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    themeSwitchingEnabled: e.THEME_SWITCHING_ENABLED,
    mapTileUrl: e.MAP_TILE_URL,
    smtpUrl: e.SMTP_URL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    privacyPolicyUrls: {
      en: e.PRIVACY_POLICY_URL_EN,
      sv: e.PRIVACY_POLICY_URL_SV,
      'da-DK': e.PRIVACY_POLICY_URL_DA,
      'de-DE': e.PRIVACY_POLICY_URL_DE,
      default: e.PRIVACY_POLICY_URL_DEFAULT,
    },
    termsUrl: e.TERMS_URL,
    forumUrl: e.FORUM_URL,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    companyName: e.COMPANY_NAME,
    companyAddress: e.COMPANY_ADDRESS,
    companyCvr: e.COMPANY_CVR,
    demoData,
    // A live demo by default only where people try it: development with demo data.
    demoSimulatorDevices: e.DEMO_SIMULATOR_DEVICES ?? (demoData && e.NODE_ENV === 'development' ? 3 : 0),
    trustProxy: e.TRUST_PROXY,
    rlsDisabledForBenchmark: e.RLS_DISABLED_FOR_BENCHMARK,
    reportWorker: e.REPORT_WORKER,
    reportWorkerNodeArgs: (e.REPORT_WORKER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    metricsToken: e.METRICS_TOKEN,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    cprEncryptionKey: e.CPR_ENCRYPTION_KEY ? base64Key(e.CPR_ENCRYPTION_KEY)! : DEVELOPMENT_CPR_KEY,
    cprEncryptionKeyIsDevelopmentKey: !e.CPR_ENCRYPTION_KEY,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    pushInsecureEndpointHosts: e.PUSH_INSECURE_ENDPOINT_HOSTS ?? [],
    signInClients: [
      {
        kind: 'branded',
        clientId: e.OIDC_BRANDED_CLIENT_ID,
        origins: e.OIDC_BRANDED_ORIGINS ?? unique([new URL(publicUrl).origin, localhost]),
      },
      {
        kind: 'plug-and-play',
        clientId: e.OIDC_PLUG_AND_PLAY_CLIENT_ID,
        origins: e.OIDC_PLUG_AND_PLAY_ORIGINS ?? unique([`http://127.0.0.1:${e.PORT}`, localhost]),
      },
    ],
  };
}
