import { pino, type Logger } from 'pino';
import type { Config } from '../config/config';

/**
 * The process logger. JSON lines by default (for log shippers); pretty lines only for a person at a
 * terminal outside production, since pino-pretty is a dev dependency and costs throughput.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  const pretty = Boolean(process.stdout.isTTY) && config.nodeEnv !== 'production';
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
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
