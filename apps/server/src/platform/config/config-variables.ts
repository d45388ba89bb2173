import { PUSH_VARIABLES } from './config-variables-push';
import { SITE_TEXT_VARIABLES } from './config-variables-site';

/**
 * The documented list of environment variables. `config.ts` validates them; this list feeds the
 * README's configuration table, and a test keeps the two in step.
 */

export interface ConfigVariable {
  name: string;
  description: string;
  /** The default as a reader sees it; `—` when the variable is optional and unset means "off". */
  default: string;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'PORT',
    default: '3000',
    description: 'HTTP port for the API, the OpenID provider and the web app (1–65535).',
  },
  {
    name: 'HOST',
    default: '0.0.0.0',
    description: 'Interface the HTTP server and the embedded MQTT broker bind to.',
  },
  { name: 'NODE_ENV', default: 'development', description: '`development`, `production` or `test`.' },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:$PORT',
    description:
      'The address users reach the app at and the sign-in issuer; links in e-mails use it unless the request came from another sign-in client origin (OIDC_BRANDED_ORIGINS, OIDC_PLUG_AND_PLAY_ORIGINS), whose origin they then use.',
  },
  {
    name: 'DATABASE_URL',
    default: '— (embedded PGlite)',
    description:
      'PostgreSQL 15+ connection URL (`postgres://` or `postgresql://`). Unset: embedded PGlite in `DATA_DIR`.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Folder for embedded data; PGlite keeps its files in `DATA_DIR/pglite`.',
  },
  {
    name: 'MQTT_URL',
    default: '— (embedded broker)',
    description:
      'External MQTT broker (`mqtt://` or `mqtts://`). Unset: the embedded aedes broker runs in-process.',
  },
  {
    name: 'MQTT_PORT',
    default: '1883',
    description:
      'TCP port of the embedded broker; `0` keeps it in-process only. Ignored when `MQTT_URL` is set.',
  },
  {
    name: 'MQTT_MAX_PAYLOAD_BYTES',
    default: '65536',
    description:
      'Largest payload (1024–16777216 bytes) a device may publish. The embedded broker closes a connection that sends more, before buffering it; with `MQTT_URL` the server drops larger messages unread (set the broker’s own limit too, e.g. Mosquitto `max_packet_size`).',
  },
  {
    name: 'MQTT_CONNECT_TIMEOUT_SECONDS',
    default: '10',
    description:
      'The embedded broker closes a connection that has not signed in (CONNECT accepted) within this many seconds (1–300).',
  },
  {
    name: 'REDIS_URL',
    default: '—',
    description:
      'Reserved for a Redis pub/sub fan-out of realtime events across API nodes; not used yet (PostgreSQL LISTEN/NOTIFY does the fan-out).',
  },
  {
    name: 'GATEWAY_OSMAND_PORT',
    default: '5055',
    description:
      'TCP port of the OsmAnd HTTP gateway (Traccar Client app); `0` = off. Also served at `/api/gateway/osmand`.',
  },
  {
    name: 'GATEWAY_WATCH_PORT',
    default: '5093',
    description: 'TCP port of the 3G watch gateway (SeTracker protocol); `0` = off.',
  },
  {
    name: 'GATEWAY_WATCH_IDLE_SECONDS',
    default: '600',
    description:
      'A watch connection that sends nothing for this many seconds (30–86400) is closed; watches send `LK` every 5–8 minutes and reconnect when they next report.',
  },
  {
    name: 'GATEWAY_MAX_CONNECTIONS_PER_IP',
    default: '2000',
    description:
      'Open connections one IP address may hold on the watch gateway port, and on the OsmAnd gateway port (each); more are closed at once. Many watches can share one carrier NAT address, and behind a TCP load balancer every connection has its address: raise it if `homeward_gateway_refused_connections_total` grows.',
  },
  {
    name: 'ROLE',
    default: 'all',
    description: '`api` (HTTP only), `worker` (background jobs only) or `all` (both, one process).',
  },
  {
    name: 'OFFLINE_CHECK_SECONDS',
    default: '60',
    description:
      'How often (seconds) the offline job looks for watches silent longer than their expected reporting interval times `Homeward.Telemetry.OfflineFactor`.',
  },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description:
      "Folder of the built web app served at `/` (resolved from the server's location by default).",
  },
  {
    name: 'THEME_SWITCHING_ENABLED',
    default: 'true',
    description: 'When false, the web app always uses the light theme.',
  },
  {
    name: 'MAP_TILE_URL',
    default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    description:
      'XYZ tile URL template (`{z}`, `{x}`, `{y}`) of every map; the web app gets it from `/api/app/configuration`. A tile server answering 401 or 403 (a refused key) shows `Error: AuthFailure` on the map. The tests use a local stub (`tools/src/stub-tile-server.ts`).',
  },
  {
    name: 'SMTP_URL',
    default: '— (outbox + log)',
    description: 'SMTP server for e-mail (`smtp://user:pass@host:port`).',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    default: '— (local test provider)',
    description: 'Card processor key. Unset: a local provider that behaves like test mode.',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: '—',
    description:
      'Signing secret (`whsec_...`) of the Stripe webhook endpoint `POST /api/billing/webhook`; events whose signature does not match are refused. Needed with `STRIPE_SECRET_KEY` (without it every event is answered 503). The local provider signs its events with a secret of its own.',
  },
  {
    name: 'STRIPE_PUBLISHABLE_KEY',
    default: '—',
    description:
      'Stripe publishable key (`pk_...`) the web app loads the processor’s card element with; used only with `STRIPE_SECRET_KEY`.',
  },
  {
    name: 'CPR_ENCRYPTION_KEY',
    default: '— (fixed development key; required in production)',
    description:
      'Key (32 bytes, base64: `openssl rand -base64 32`) that encrypts citizens’ CPR numbers and watches’ activation codes (AES-256-GCM); their hash keys are derived from it, each for its own purpose. Unset outside production: a fixed development key and a start-up warning. Changing it makes stored CPR numbers and activation codes unreadable (staff renew the codes).',
  },
  ...SITE_TEXT_VARIABLES,
  ...PUSH_VARIABLES,
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Set to true behind a load balancer or reverse proxy: client IPs, scheme and host are then read from X-Forwarded-* headers (security log, sign-in URLs). Never set it when clients reach the server directly.',
  },
  {
    name: 'RLS_DISABLED_FOR_BENCHMARK',
    default: 'false',
    description:
      'Benchmark only (`npm run bench:tenancy`): requests keep their transaction but not the restricted role, so row-level security does not apply. Refused when NODE_ENV=production.',
  },
  {
    name: 'REPORT_WORKER',
    default: 'true',
    description:
      'On PostgreSQL, stream each report download (`/api/reports`) from a child process of its own with a small heap, so a million-row report never grows the API node; `false` streams in the API process (as it always does on embedded PGlite, whose database only the server process can open).',
  },
  {
    name: 'REPORT_WORKER_NODE_ARGS',
    default: '(none)',
    description:
      'Extra node flags for report workers, after their own `--max-semi-space-size=1 --max-old-space-size=96` (a later flag wins); for measuring (`npm run bench:reports`).',
  },
  {
    name: 'METRICS_PORT',
    default: '9464',
    description:
      'Port of the internal listener that serves this node’s Prometheus counters at `GET /metrics` (nothing else is served there); `0` = off.',
  },
  {
    name: 'METRICS_HOST',
    default: '127.0.0.1',
    description:
      'Interface the metrics listener binds to; loopback by default, so only this machine can scrape it. Set a private interface (or 0.0.0.0 behind a firewall) for a Prometheus on another host.',
  },
  {
    name: 'METRICS_TOKEN',
    default: '—',
    description:
      'When set (16+ characters), `GET /metrics` on the main port answers a request carrying `Authorization: Bearer <token>`; unset, the main port does not serve metrics (404).',
  },
  {
    name: 'API_DOCS',
    default: 'true (false when NODE_ENV=production)',
    description:
      'Serve the API documentation at `/api/docs` (Swagger UI) and `/api/docs/json` (OpenAPI). The document describes routes and schemas only; every operation still needs its sign-in and permission.',
  },
  {
    name: 'OIDC_BRANDED_CLIENT_ID',
    default: 'branded',
    description: 'Client id of the branded deployment.',
  },
  {
    name: 'OIDC_BRANDED_ORIGINS',
    default: 'PUBLIC_URL and http://localhost:$PORT',
    description:
      'Comma-separated origins of the branded deployment; each gets `/` and `/silent-renew.html` as redirect URIs and `/` as post-logout URI.',
  },
  {
    name: 'OIDC_PLUG_AND_PLAY_CLIENT_ID',
    default: 'plug-and-play',
    description: 'Client id of the plug-and-play deployment.',
  },
  {
    name: 'OIDC_PLUG_AND_PLAY_ORIGINS',
    default: 'http://127.0.0.1:$PORT and http://localhost:$PORT',
    description:
      'Comma-separated origins of the plug-and-play deployment (the local demo serves it on 127.0.0.1). The SPA uses the first client listing its origin, branded first.',
  },
  {
    name: 'DEMO_DATA',
    default: 'true (false when NODE_ENV=production)',
    description: 'Seed demo tenants, users and devices on first start.',
  },
  {
    name: 'DEMO_SIMULATOR_DEVICES',
    default: '3 with demo data in development, else 0',
    description:
      'Simulated watches (0–50) the server walks around Demo Kommune’s geofences after it starts, over OsmAnd HTTP, the watch gateway and MQTT in turn, so the dashboard is alive (README "Simulator"). `0` = off; tests and e2e set 0.',
  },
];

/** The README's configuration table, generated so documentation and code cannot drift apart. */
export function renderConfigTable(variables: readonly ConfigVariable[] = CONFIG_VARIABLES): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = variables.map(
    (variable) => `| \`${variable.name}\` | ${cell(variable.default)} | ${cell(variable.description)} |`,
  );
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
