import type { Logger } from 'pino';

/** An e-mail as it leaves the system. */
export interface OutboundEmail {
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
}

/** What sends e-mail: the embedded log transport, or SMTP in production. Rejects when sending failed. */
export interface EmailTransport {
  send(message: OutboundEmail): Promise<void>;
}

const LINK_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The addresses in a text, so a developer (or a test) can follow an e-mail's links from the log. */
export function linksIn(text: string): string[] {
  return text.match(LINK_PATTERN) ?? [];
}

/**
 * The embedded default: nothing leaves the machine. Each e-mail becomes one structured info entry in
 * the server log, with its links pulled out, so a fresh install can still confirm a registration.
 */
export function createLogEmailTransport(logger: Pick<Logger, 'info'>): EmailTransport {
  return {
    async send({ to, subject, body }) {
      logger.info(
        { outbox: { to, subject, body, links: linksIn(body) } },
        'e-mail (embedded transport: not sent)',
      );
    },
  };
}
