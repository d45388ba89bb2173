import { pino, type Logger } from 'pino';
import type { Config } from '../config/config';
import { redactCprNumbers } from './personal-numbers';

/** The parts of a request the request log keeps (Fastify's own choice), with CPR numbers masked. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The process logger. JSON lines by default (for log shippers); pretty lines only for a person at a
 * terminal outside production, since pino-pretty is a dev dependency and costs throughput.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  const pretty = Boolean(process.stdout.isTTY) && config.nodeEnv !== 'production';
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactCprNumbers(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
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
