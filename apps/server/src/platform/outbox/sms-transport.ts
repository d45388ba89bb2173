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
 * becomes one info entry in the server log, `{ outbox: { channel: 'sms', to, body } }`. Like the
 * embedded e-mail transport's links, this is on purpose where a developer (or a test) reads the
 * message, phone sign-in codes included (README "Phone login"): it stands in for the phone. The
 * fields are not secret-named, so the logger's redaction keeps them, and the CI log scan knows
 * this entry; a real gateway writes no body to the log.
 */
export function createLogSmsTransport(logger: Pick<Logger, 'info'>): SmsTransport {
  return {
    async send({ to, body }) {
      logger.info({ outbox: { channel: 'sms', to, body } }, 'SMS (embedded transport: not sent)');
    },
  };
}
