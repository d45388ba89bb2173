import { readFileSync } from 'node:fs';

interface LoggedEmail {
  to: string;
  subject: string;
  body: string;
  links: string[];
}

/**
 * The e-mails the server's embedded transport wrote to its log, newest last. Under the embedded
 * default this is where e-mail goes (DESIGN §1), so a journey reads its links here like a person
 * reads their inbox.
 */
export function loggedEmails(logFile: string): LoggedEmail[] {
  const emails: LoggedEmail[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"outbox"')) continue;
    try {
      const entry = JSON.parse(line) as { outbox?: LoggedEmail & { channel?: string } };
      if (entry.outbox?.to && entry.outbox.channel !== 'sms') emails.push(entry.outbox);
    } catch {
      // Not a JSON log line (a stack trace, a warning from a library).
    }
  }
  return emails;
}

/** Waits until an e-mail to `to` with a link matching `pattern` is in the log, and returns the link. */
export async function waitForEmailLink(
  logFile: string,
  to: string,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const link = loggedEmails(logFile)
      .filter((email) => email.to.toLowerCase() === to.toLowerCase())
      .flatMap((email) => email.links)
      .reverse()
      .find((candidate) => pattern.test(candidate));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} with a link matching ${pattern} within ${timeoutMs} ms`);
}

interface LoggedSms {
  to: string;
  body: string;
}

/** The SMS the embedded stand-in gateway wrote to the server log, newest last (`channel: 'sms'`). */
export function loggedSms(logFile: string): LoggedSms[] {
  const messages: LoggedSms[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"outbox"')) continue;
    try {
      const entry = JSON.parse(line) as { outbox?: LoggedSms & { channel?: string } };
      if (entry.outbox?.channel === 'sms') messages.push({ to: entry.outbox.to, body: entry.outbox.body });
    } catch {
      // Not a JSON log line.
    }
  }
  return messages;
}

/**
 * Waits until the log holds a new SMS to `to` (E.164) with a six-digit code, after the first
 * `seen` ones to that number, and returns the code, as a person reads it off their phone.
 */
export async function waitForSmsCode(
  logFile: string,
  to: string,
  seen = 0,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const sms = loggedSms(logFile).filter((message) => message.to === to);
    const code = sms.length > seen ? /\b(\d{6})\b/.exec(sms[sms.length - 1]!.body)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No new SMS with a code to ${to} within ${timeoutMs} ms`);
}
