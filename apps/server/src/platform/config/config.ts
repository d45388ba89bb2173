import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { PrivacyPolicyUrls, SignInClientKind } from '@homeward/contracts';
import { CONFIG_VARIABLES } from './config-variables';

export { CONFIG_VARIABLES, renderConfigTable, type ConfigVariable } from './config-variables';

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

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const ROLES = ['api', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

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
  /** Whether `/api/docs` (Swagger UI and the OpenAPI document) is served (API_DOCS). */
  apiDocs: boolean;
  signInClients: { kind: SignInClientKind; clientId: string; origins: string[] }[];
}

/** apps/web/dist, found from this file (apps/server/src/platform/config) so the working folder does not matter. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

const defaults = new Map(CONFIG_VARIABLES.map((variable) => [variable.name, variable.default]));
function defaultOf(name: string): string {
  const value = defaults.get(name);
  if (value === undefined) throw new Error(`No documented default for ${name}`);
  return value;
}

function portNumber(min: 0 | 1) {
  const message = `must be an integer from ${min} to 65535`;
  return z
    .string()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= 65535, { message })
    .transform(Number);
}

function integerIn(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`;
  return z
    .string()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, { message })
    .transform(Number);
}

function urlWithSchemes(schemes: string[]) {
  const message = `must be a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(' or ')}`;
  return z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message },
  );
}

function httpUrl(name: string) {
  return urlWithSchemes(['http', 'https']).default(defaultOf(name));
}

const booleanText = z
  .string()
  .transform((value) => value.toLowerCase())
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no'].includes(value), {
    message: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes'].includes(value));

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

const text = (name: string) => z.string().default(defaultOf(name));

const clientId = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, {
  message: 'must be 1 to 64 letters, digits, dots, dashes or underscores',
});

/** Comma-separated origins (`scheme://host[:port]`, no path). */
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .refine(
    (origins) =>
      origins.length > 0 &&
      origins.every((origin) => {
        try {
          const url = new URL(origin);
          return ['http:', 'https:'].includes(url.protocol) && url.origin === origin;
        } catch {
          return false;
        }
      }),
    { message: 'must be comma-separated origins such as https://app.example.com (no path)' },
  );

/**
 * One field per variable, named as in the environment, so an issue's path is the variable's name.
 * Every check carries its own message: the global validation-key map (installed by the app for API
 * requests) must not turn these into translation keys.
 */
const envSchema = z.object({
  PORT: portNumber(1).default(3000),
  HOST: z.string().default(defaultOf('HOST')),
  NODE_ENV: oneOf(NODE_ENVS).default('development'),
  LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
  PUBLIC_URL: urlWithSchemes(['http', 'https']).optional(),
  DATABASE_URL: urlWithSchemes(['postgres', 'postgresql']).optional(),
  DATA_DIR: text('DATA_DIR'),
  MQTT_URL: urlWithSchemes(['mqtt', 'mqtts']).optional(),
  MQTT_PORT: portNumber(0).default(1883),
  REDIS_URL: urlWithSchemes(['redis', 'rediss']).optional(),
  GATEWAY_OSMAND_PORT: portNumber(0).default(5055),
  GATEWAY_WATCH_PORT: portNumber(0).default(5093),
  GATEWAY_WATCH_IDLE_SECONDS: integerIn(30, 86_400).default(600),
  GATEWAY_MAX_CONNECTIONS_PER_IP: integerIn(1, 1_000_000).default(2000),
  MQTT_MAX_PAYLOAD_BYTES: integerIn(1024, 16 * 1024 * 1024).default(65_536),
  MQTT_CONNECT_TIMEOUT_SECONDS: integerIn(1, 300).default(10),
  ROLE: oneOf(ROLES).default('all'),
  OFFLINE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WEB_DIST_DIR: z.string().optional(),
  THEME_SWITCHING_ENABLED: booleanText.default(true),
  MAP_TILE_URL: text('MAP_TILE_URL'),
  SMTP_URL: urlWithSchemes(['smtp', 'smtps']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', { message: 'must start with whsec_' }).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', { message: 'must start with pk_' }).optional(),
  CPR_ENCRYPTION_KEY: z
    .string()
    .refine((value) => base64Key(value) !== undefined, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  PRIVACY_POLICY_URL_EN: httpUrl('PRIVACY_POLICY_URL_EN'),
  // The specification says one of the privacy links points to a Norwegian page; we keep that for
  // Swedish (the nearest language), so the default SV link is the Norwegian "personvern" page.
  PRIVACY_POLICY_URL_SV: httpUrl('PRIVACY_POLICY_URL_SV'),
  PRIVACY_POLICY_URL_DA: httpUrl('PRIVACY_POLICY_URL_DA'),
  PRIVACY_POLICY_URL_DE: httpUrl('PRIVACY_POLICY_URL_DE'),
  PRIVACY_POLICY_URL_DEFAULT: httpUrl('PRIVACY_POLICY_URL_DEFAULT'),
  TERMS_URL: urlWithSchemes(['http', 'https']).optional(),
  FORUM_URL: urlWithSchemes(['http', 'https']).optional(),
  SUPPORT_EMAIL: text('SUPPORT_EMAIL'),
  SUPPORT_PHONE: text('SUPPORT_PHONE'),
  COMPANY_NAME: text('COMPANY_NAME'),
  COMPANY_ADDRESS: text('COMPANY_ADDRESS'),
  COMPANY_CVR: text('COMPANY_CVR'),
  DEMO_DATA: booleanText.optional(),
  DEMO_SIMULATOR_DEVICES: z
    .string()
    .refine((value) => /^\d+$/.test(value) && Number(value) <= 50, {
      message: 'must be an integer from 0 to 50',
    })
    .transform(Number)
    .optional(),
  TRUST_PROXY: booleanText.default(false),
  RLS_DISABLED_FOR_BENCHMARK: booleanText.default(false),
  METRICS_PORT: portNumber(0).default(9464),
  METRICS_HOST: z.string().default(defaultOf('METRICS_HOST')),
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  API_DOCS: booleanText.optional(),
  OIDC_BRANDED_CLIENT_ID: clientId.default('branded'),
  OIDC_BRANDED_ORIGINS: originList.optional(),
  OIDC_PLUG_AND_PLAY_CLIENT_ID: clientId.default('plug-and-play'),
  OIDC_PLUG_AND_PLAY_ORIGINS: originList.optional(),
});

/** The variables `loadConfig` reads; the README table must list exactly these. */
export const CONFIG_VARIABLE_NAMES = Object.keys(envSchema.shape);

/** Variables whose values must never be echoed in an error line. */
const SECRET_VARIABLES = new Set([
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'CPR_ENCRYPTION_KEY',
  'METRICS_TOKEN',
]);

/** The 32 bytes a base64 text holds, or undefined when it is not exactly that. */
function base64Key(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const key = Buffer.from(value, 'base64');
  return key.length === 32 ? key : undefined;
}

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
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    metricsToken: e.METRICS_TOKEN,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    cprEncryptionKey: e.CPR_ENCRYPTION_KEY ? base64Key(e.CPR_ENCRYPTION_KEY)! : DEVELOPMENT_CPR_KEY,
    cprEncryptionKeyIsDevelopmentKey: !e.CPR_ENCRYPTION_KEY,
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
