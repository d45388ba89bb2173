import { z } from 'zod';
import { CONFIG_VARIABLES } from './config-variables';

// The environment variables loadConfig reads, as one zod schema with their documented defaults.

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const ROLES = ['api', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

// Module-wide on purpose: the shipped defaults, fixed when the module loads, whatever app reads them.
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
export const envSchema = z.object({
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
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { message: 'must be a P-256 public key in base64url (87 characters)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a P-256 private key in base64url (43 characters)' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'must be a mailto: address or an https:// URL' })
    .optional(),
  PUSH_INSECURE_ENDPOINT_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .optional(),
  TRUST_PROXY: booleanText.default(false),
  RLS_DISABLED_FOR_BENCHMARK: booleanText.default(false),
  REPORT_WORKER: booleanText.default(true),
  REPORT_WORKER_NODE_ARGS: z.string().optional(),
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

/** The 32 bytes a base64 text holds, or undefined when it is not exactly that. */
export function base64Key(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const key = Buffer.from(value, 'base64');
  return key.length === 32 ? key : undefined;
}
