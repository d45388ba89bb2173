import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from 'pino';

/** A file attached to an outbound e-mail. */
export interface OutboundAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** An e-mail as it leaves the system. */
export interface OutboundEmail {
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
  attachments?: OutboundAttachment[];
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
    async send({ to, subject, body, attachments }) {
      // An attachment is logged by name, type and size only: its bytes (an invoice) stay out of the log.
      const files = attachments?.map(({ fileName, contentType, content }) => ({
        fileName,
        contentType,
        size: content.length,
      }));
      logger.info(
        {
          outbox: {
            to,
            subject,
            body,
            links: linksIn(body),
            ...(files?.length ? { attachments: files } : {}),
          },
        },
        'e-mail (embedded transport: not sent)',
      );
    },
  };
}

/** The mail server to use, as settings management stores it (`Smtp.*`). */
export interface SmtpSettings {
  host: string;
  port: number;
  userName: string;
  password: string;
  /** Implicit TLS from the first byte (port 465); otherwise STARTTLS is used when offered. */
  enableSsl: boolean;
  /** The sender address; empty falls back to the transport's default. */
  from: string;
}

/** Used when neither the settings nor SMTP_URL give a sender. */
export const DEFAULT_EMAIL_FROM = 'Homeward <no-reply@homeward.local>';

function smtpOptionsOf(settings: SmtpSettings): SMTPTransport.Options {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.enableSsl,
    ...(settings.userName ? { auth: { user: settings.userName, pass: settings.password } } : {}),
  };
}

/** Sends through an SMTP server: from settings management's values, or an `smtp(s)://` URL. */
export function createSmtpEmailTransport(
  server: SmtpSettings | string,
  from = DEFAULT_EMAIL_FROM,
): EmailTransport {
  const transporter = nodemailer.createTransport(typeof server === 'string' ? server : smtpOptionsOf(server));
  const sender = typeof server === 'string' ? from : server.from || from;
  return {
    async send({ to, subject, body, attachments }) {
      await transporter.sendMail({
        from: sender,
        to,
        subject,
        text: body,
        ...(attachments?.length
          ? {
              attachments: attachments.map(({ fileName, contentType, content }) => ({
                filename: fileName,
                contentType,
                content,
              })),
            }
          : {}),
      });
    },
  };
}

export interface EmailTransportOptions {
  logger: Pick<Logger, 'info'>;
  /** `SMTP_URL` from the environment, e.g. `smtp://user:pass@mail.example.dk:587`. */
  smtpUrl?: string;
  /** The sender with `SMTP_URL`. */
  from?: string;
  /**
   * Reads the host's SMTP settings; null when no host is set. Called on every send, so a change on
   * the settings screen applies to the next e-mail without a restart.
   */
  loadSmtpSettings?: () => Promise<SmtpSettings | null>;
}

/**
 * The transport the outbox delivers with: SMTP from settings management when a host is set there,
 * else SMTP from `SMTP_URL`, else the embedded log transport.
 */
export function createEmailTransport(options: EmailTransportOptions): EmailTransport {
  const log = createLogEmailTransport(options.logger);
  const fromUrl = options.smtpUrl ? createSmtpEmailTransport(options.smtpUrl, options.from) : undefined;
  // One connection setup per distinct configuration, not per e-mail.
  let cached: { key: string; transport: EmailTransport } | undefined;
  return {
    async send(message) {
      const settings = (await options.loadSmtpSettings?.()) ?? null;
      if (settings?.host) {
        const key = JSON.stringify(settings);
        if (cached?.key !== key)
          cached = { key, transport: createSmtpEmailTransport(settings, options.from) };
        return cached.transport.send(message);
      }
      return (fromUrl ?? log).send(message);
    },
  };
}
