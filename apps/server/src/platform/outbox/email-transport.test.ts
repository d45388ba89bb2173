import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailTransport, type SmtpSettings } from './email-transport';

/**
 * A minimal SMTP server that accepts everything and records each message's envelope and data,
 * so the transport is tested over a real socket without a mail server.
 */
function startFakeSmtpServer() {
  const received: { from: string; to: string[]; data: string; auth: boolean }[] = [];
  const server = createServer((socket) => {
    let current = { from: '', to: [] as string[], data: '', auth: false };
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '', auth: current.auth };
          socket.write('250 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (verb === 'AUTH') {
          current.auth = true;
          socket.write('235 ok\r\n');
        } else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
}

let smtp: ReturnType<typeof startFakeSmtpServer>;
let port: number;
beforeAll(async () => {
  smtp = startFakeSmtpServer();
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => (smtp.server as Server).close(() => resolve())));

const message = { to: 'anna@example.dk', subject: 'Hello', body: 'Line one\nhttps://homeward.example/x' };

describe('createEmailTransport', () => {
  it('logs the e-mail when neither settings nor SMTP_URL name a server', async () => {
    const logged: unknown[] = [];
    const transport = createEmailTransport({
      logger: { info: ((object: unknown) => logged.push(object)) as never },
      loadSmtpSettings: async () => null,
    });
    await transport.send(message);
    expect(logged).toEqual([{ outbox: { ...message, links: ['https://homeward.example/x'] } }]);
  });

  it('sends over SMTP with the settings’ server, credentials and sender, read on every send', async () => {
    const logged: unknown[] = [];
    let settings: SmtpSettings | null = {
      host: '127.0.0.1',
      port,
      userName: 'mailer',
      password: 'secret',
      enableSsl: false,
      from: 'care@homeward.example',
    };
    const transport = createEmailTransport({
      logger: { info: ((object: unknown) => logged.push(object)) as never },
      loadSmtpSettings: async () => settings,
    });
    const before = smtp.received.length;
    await transport.send(message);
    const [sent] = smtp.received.slice(before);
    expect(sent!.from).toContain('<care@homeward.example>');
    expect(sent!.to).toEqual(['RCPT TO:<anna@example.dk>']);
    expect(sent!.auth).toBe(true);
    expect(sent!.data).toContain('Subject: Hello');
    expect(sent!.data).toContain('Line one');
    expect(logged).toEqual([]);

    // Cleared on the settings screen: the next e-mail goes back to the log.
    settings = null;
    await transport.send(message);
    expect(smtp.received.length).toBe(before + 1);
    expect(logged).toHaveLength(1);
  });

  it('uses SMTP_URL when the settings name no server', async () => {
    const transport = createEmailTransport({
      logger: { info: () => undefined },
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'url@homeward.example',
      loadSmtpSettings: async () => null,
    });
    const before = smtp.received.length;
    await transport.send(message);
    const [sent] = smtp.received.slice(before);
    expect(sent!.from).toContain('<url@homeward.example>');
    expect(sent!.auth).toBe(false);
  });

  it('rejects when the server cannot be reached, so the outbox retries', async () => {
    const transport = createEmailTransport({
      logger: { info: () => undefined },
      loadSmtpSettings: async () => ({
        host: '127.0.0.1',
        port: 1,
        userName: '',
        password: '',
        enableSsl: false,
        from: '',
      }),
    });
    await expect(transport.send(message)).rejects.toThrow();
  });
});
