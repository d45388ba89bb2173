import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config/config';
import { redactLoggedValue, serializeLoggedError } from './log-serializers';
import { REDACTED, redactSecretShapes, redactSecretText } from './secret-text';

/** The parts of a request the request log keeps (Fastify's own choice), with secrets masked. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fields that hold a secret wherever they are logged, up to three levels down: pino removes their
 * values before a line is written. The error serializer and the message hook below cover what no
 * field name gives away (SQL parameters, secrets quoted in messages).
 */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'confirmationToken',
  'invitationToken',
  'resetToken',
  'secret',
  'clientSecret',
  'client_secret',
  'mqttSecret',
  'mqttPassword',
  'totpSecret',
  'totp_secret',
  'securityStamp',
  'cpr',
  'cprNumber',
  'activationCode',
  'authorization',
  'cookie',
  '"set-cookie"',
];

export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) =>
  field.startsWith('"') ? [`*[${field}]`, `*.*[${field}]`] : [field, `*.${field}`, `*.*.${field}`],
);

/** Long enough for every URL the app and the devices use; fuzzed megabyte URLs are cut. */
const MAX_LOGGED_URL = 2048;

/** A request URL can carry a reset token, an invitation token or an authorization code. */
export function redactRequestUrl(url: string): string {
  return redactSecretText(url, MAX_LOGGED_URL)
    .replace(/([?&;]code=)[^&#]*/gi, `$1${REDACTED}`)
    .replace(/(\/api\/account\/invitations\/)[^/?#]+/, `$1${REDACTED}`);
}

/** Options for tests that read what the logger writes. */
export interface LoggerDestination {
  /** Where the JSON lines go instead of stdout (tests: a file under test-results/server-logs). */
  destination?: DestinationStream;
}

/**
 * The pino options every process logger is built with: redaction of secret fields, errors and
 * request URLs without secrets, and messages scrubbed of secret-shaped text. Exported so that tests
 * log through exactly this configuration.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactRequestUrl(req.url) : undefined,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: serializeLoggedError,
      error: serializeLoggedError,
    },
    hooks: {
      // Messages are free text: a secret quoted into one (`'login failed for ' + body`) is masked,
      // and so are string fields and plain objects logged beside it.
      logMethod(args, method) {
        const scrubbed = args.map((arg, index) => {
          if (typeof arg === 'string') return redactSecretText(arg);
          if (index === 0 && isPlainObject(arg)) return redactMergingObject(arg);
          return arg;
        });
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}

/** Keys whose values pino hands to a serializer above. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err', 'error']);

/**
 * The first argument of a log call. The embedded e-mail transport's entry (`outbox`) is the mailbox
 * of an install without SMTP: its confirmation and reset links must stay followable, so only secret
 * shapes and CPR numbers are masked in it, not the link tokens.
 */
function redactMergingObject(object: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (SERIALIZED_KEYS.has(key)) result[key] = value;
    else if (key === 'outbox') result[key] = redactLoggedValue(value, 1, undefined, redactSecretShapes);
    else result[key] = redactLoggedValue(value, 1);
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The process logger. JSON lines by default (for log shippers); pretty lines only for a person at a
 * terminal outside production, since pino-pretty is a dev dependency and costs throughput.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  options: LoggerDestination = {},
): Logger {
  const pretty = !options.destination && Boolean(process.stdout.isTTY) && config.nodeEnv !== 'production';
  const base = loggerOptions(config);
  if (options.destination) return pino(base, options.destination);
  return pino({
    ...base,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
