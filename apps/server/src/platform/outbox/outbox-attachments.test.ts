import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createLogEmailTransport, type OutboundEmail } from './email-transport';
import { enqueueEmail } from './outbox';
import { startOutboxDelivery } from './outbox-delivery';
import { outbox } from './outbox.schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const silentLogger = { warn: () => undefined, error: () => undefined, info: () => undefined };
const pdf = Buffer.from('%PDF-1.3\n\u0000binary\u00ff tail', 'latin1');

describe('outbox attachments', () => {
  it('stores an e-mail’s attachment with it and hands the same bytes to the transport', async () => {
    const id = await enqueueEmail(database.db, {
      tenantId: null,
      to: 'payer@example.dk',
      subject: 'Invoice 7',
      body: 'Your invoice is attached.',
      attachments: [{ fileName: 'invoice-7.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.attachments).toEqual([
      { fileName: 'invoice-7.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ]);

    const sent: OutboundEmail[] = [];
    const delivery = startOutboxDelivery({
      db: database.db,
      logger: silentLogger,
      transport: { send: async (message) => void sent.push(message) },
      intervalMs: 3_600_000,
    });
    await delivery.deliverNow();
    await delivery.stop();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.attachments).toHaveLength(1);
    expect(sent[0]!.attachments![0]!.fileName).toBe('invoice-7.pdf');
    expect(sent[0]!.attachments![0]!.content.equals(pdf)).toBe(true);
  });

  it('keeps e-mails without attachments as they were (no attachments column value, none sent)', async () => {
    const id = await enqueueEmail(database.db, {
      tenantId: null,
      to: 'a@example.dk',
      subject: 's',
      body: 'b',
    });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.attachments).toBeNull();
  });

  it('logs an attachment’s name, type and size with the embedded transport, never its bytes', async () => {
    const entries: unknown[] = [];
    const transport = createLogEmailTransport({
      info: ((entry: unknown) => void entries.push(entry)) as never,
    });
    await transport.send({
      to: 'payer@example.dk',
      subject: 'Invoice 7',
      body: 'Attached.',
      attachments: [{ fileName: 'invoice-7.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(entries).toHaveLength(1);
    const logged = JSON.stringify(entries[0]);
    expect(entries[0]).toMatchObject({
      outbox: {
        attachments: [{ fileName: 'invoice-7.pdf', contentType: 'application/pdf', size: pdf.length }],
      },
    });
    expect(logged).not.toContain(pdf.toString('base64'));
    expect(logged).not.toContain('binary');
  });
});
