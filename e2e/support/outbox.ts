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
      const entry = JSON.parse(line) as { outbox?: LoggedEmail };
      if (entry.outbox?.to) emails.push(entry.outbox);
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
