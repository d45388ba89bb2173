import type { Logger } from 'pino';

/** An SMS as it leaves the system. */
export interface OutboundSms {
  to: string;
  body: string;
}

/** What sends SMS; rejects when sending failed (the outbox retries). */
export interface SmsTransport {
  send(message: OutboundSms): Promise<void>;
}

/**
 * The embedded default until an SMS gateway is configured: nothing leaves the machine, each SMS
 * becomes one info entry in the server log.
 */
export function createLogSmsTransport(logger: Pick<Logger, 'info'>): SmsTransport {
  return {
    async send({ to, body }) {
      logger.info({ outbox: { to, body } }, 'SMS (embedded transport: not sent)');
    },
  };
}
