import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createLogEmailTransport, linksIn, type EmailTransport, type OutboundEmail } from './email-transport';
import { enqueueEmail, enqueueSms } from './outbox';
import {
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_RETRY_MAX_MS,
  outboxRetryDelayMs,
  startOutboxDelivery,
  type OutboxDelivery,
} from './outbox-delivery';
import { outbox } from './outbox.schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(async () => {
  await database.db.delete(outbox);
});

const silentLogger = { warn: () => undefined, error: () => undefined, info: () => undefined };

/** A transport that records what it sends and fails for the recipients it is told to. */
function recordingTransport(failFor: string[] = []) {
  const sent: OutboundEmail[] = [];
  const transport: EmailTransport = {
    async send(message) {
      if (failFor.includes(message.to)) throw new Error('mail server said no');
      sent.push(message);
    },
  };
  return { sent, transport };
}

const deliveries: OutboxDelivery[] = [];
function delivery(transport: EmailTransport) {
  // A long interval: the tests drive delivery with deliverNow, never with the clock.
  const started = startOutboxDelivery({
    db: database.db,
    logger: silentLogger,
    transport,
    intervalMs: 3_600_000,
  });
  deliveries.push(started);
  return started;
}
afterAll(() => Promise.all(deliveries.map((d) => d.stop())));

async function queue(count: number, prefix = 'person') {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      await enqueueEmail(database.db, {
        tenantId: null,
        to: `${prefix}${i}@example.dk`,
        subject: `s${i}`,
        body: `b${i}`,
      }),
    );
  }
  return ids;
}

const rowsOf = (ids: string[]) => database.db.select().from(outbox).where(inArray(outbox.id, ids));

describe('outbox delivery', () => {
  it('sends pending e-mails oldest first and marks them sent', async () => {
    const ids = await queue(3);
    const { sent, transport } = recordingTransport();
    expect(await delivery(transport).deliverNow()).toBe(3);

    expect(sent.map((message) => message.to)).toEqual([
      'person0@example.dk',
      'person1@example.dk',
      'person2@example.dk',
    ]);
    expect(sent[0]).toEqual({ to: 'person0@example.dk', subject: 's0', body: 'b0' });
    for (const row of await rowsOf(ids)) {
      expect(row.status).toBe('sent');
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    expect(await delivery(transport).deliverNow()).toBe(0);
    expect(sent).toHaveLength(3);
  });

  it('claims at most 20 rows a run and leaves SMS to its own sender', async () => {
    await queue(25);
    await database.db.insert(outbox).values({ channel: 'sms', recipient: '4512345678', body: 'sms' });
    const { sent, transport } = recordingTransport();
    const worker = delivery(transport);
    expect(await worker.deliverNow()).toBe(20);
    expect(await worker.deliverNow()).toBe(5);
    expect(await worker.deliverNow()).toBe(0);
    expect(new Set(sent.map((message) => message.to)).size).toBe(25);
    const [sms] = await database.db.select().from(outbox).where(eq(outbox.channel, 'sms'));
    expect(sms!.status).toBe('pending');
  });

  it('sends SMS through the SMS transport when it has one', async () => {
    await queue(1);
    await enqueueSms(database.db, { tenantId: null, to: '+4512345678', body: 'SOS alarm: Inge Jensen' });
    const { sent, transport } = recordingTransport();
    const texts: { to: string; body: string }[] = [];
    const worker = startOutboxDelivery({
      db: database.db,
      logger: silentLogger,
      transport,
      smsTransport: { send: async (message) => void texts.push(message) },
      intervalMs: 3_600_000,
    });
    deliveries.push(worker);
    expect(await worker.deliverNow()).toBe(2);
    expect(sent.map((message) => message.to)).toEqual(['person0@example.dk']);
    expect(texts).toEqual([{ to: '+4512345678', body: 'SOS alarm: Inge Jensen' }]);
    const statuses = await database.db.select({ status: outbox.status }).from(outbox);
    expect(statuses.map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('retries a failed send with back-off, logs every attempt, and gives up after five', async () => {
    const [failing] = await queue(1, 'bounce');
    const [fine] = await queue(1, 'fine');
    const { sent, transport } = recordingTransport(['bounce0@example.dk']);
    const log: { level: string; entry: Record<string, unknown> }[] = [];
    const record = (level: string) => (entry: Record<string, unknown>) => void log.push({ level, entry });
    let clock = Date.now();
    const worker = startOutboxDelivery({
      db: database.db,
      logger: { info: record('info'), warn: record('warn'), error: record('error') },
      transport,
      intervalMs: 3_600_000,
      now: () => new Date(clock),
    });
    deliveries.push(worker);

    expect(await worker.deliverNow()).toBe(1);
    let [row] = await rowsOf([failing!]);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      sentAt: null,
      lastError: 'mail server said no',
    });
    expect(row!.nextAttemptAt.getTime()).toBe(clock + outboxRetryDelayMs(1));
    expect((await rowsOf([fine!]))[0]).toMatchObject({ status: 'sent', attempts: 1 });

    // Not before its back-off has passed.
    clock += outboxRetryDelayMs(1) - 1000;
    await worker.deliverNow();
    expect((await rowsOf([failing!]))[0]!.attempts).toBe(1);

    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      clock += outboxRetryDelayMs(attempt - 1) + 1000;
      await worker.deliverNow();
      expect((await rowsOf([failing!]))[0]!.attempts).toBe(attempt);
    }
    [row] = await rowsOf([failing!]);
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null });
    clock += OUTBOX_RETRY_MAX_MS;
    await worker.deliverNow();
    expect((await rowsOf([failing!]))[0]!.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(sent.map((message) => message.to)).toEqual(['fine0@example.dk']);

    // One entry per attempt: the good one sent, the bad one four retries and then given up.
    const attemptsOf = (id: string) =>
      log.filter(({ entry }) => entry.outboxId === id).map(({ entry }) => entry);
    expect(attemptsOf(fine!)).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'sent', channel: 'email' }),
    ]);
    expect(attemptsOf(failing!).map((entry) => [entry.attempt, entry.outcome])).toEqual([
      [1, 'retry'],
      [2, 'retry'],
      [3, 'retry'],
      [4, 'retry'],
      [5, 'gaveUp'],
    ]);
    expect(JSON.stringify(log)).not.toContain('bounce0@example.dk');
  });

  it('waits 10 s after the first failure and doubles the wait, up to 10 minutes', () => {
    expect([1, 2, 3, 4].map(outboxRetryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(outboxRetryDelayMs(20)).toBe(OUTBOX_RETRY_MAX_MS);
  });

  it('never sends a message twice when two workers run at once', async () => {
    await queue(30);
    const first = recordingTransport();
    const second = recordingTransport();
    const counts = await Promise.all([
      delivery(first.transport).deliverNow(),
      delivery(second.transport).deliverNow(),
    ]);
    // Together they send every row once: the second takes what the first did not lock.
    expect(counts[0] + counts[1]).toBe(30);
    const recipients = [...first.sent, ...second.sent].map((message) => message.to);
    expect(new Set(recipients).size).toBe(recipients.length);
  });

  // PGlite has one connection, so a second transaction waits for the first instead of skipping its
  // locked rows; the skip needs real PostgreSQL (CI sets DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)(
    'skips rows another worker has locked instead of waiting',
    async () => {
      await queue(25);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let claimed!: () => void;
      const firstSendStarted = new Promise<void>((resolve) => (claimed = resolve));
      const slow: EmailTransport = {
        async send() {
          claimed();
          await gate;
        },
      };
      const slowRun = delivery(slow).deliverNow();
      await firstSendStarted;

      const { sent, transport } = recordingTransport();
      // The slow worker holds the 20 oldest rows; this one takes the other 5 without waiting for it.
      expect(await delivery(transport).deliverNow()).toBe(5);
      expect(sent.map((message) => message.to).sort()).toEqual(
        [20, 21, 22, 23, 24].map((i) => `person${i}@example.dk`).sort(),
      );
      release();
      expect(await slowRun).toBe(20);
    },
  );
});

describe('embedded e-mail transport', () => {
  it('logs one structured entry with the links of the body', async () => {
    const entries: { object: unknown; message: string }[] = [];
    const transport = createLogEmailTransport({
      info: ((object: unknown, message: string) => entries.push({ object, message })) as never,
    });
    const body = 'Hello\n\nhttps://homeward.example/registration?confirmationToken=abc-123\n\nBye';
    await transport.send({ to: 'a@example.dk', subject: 'Confirm', body });
    expect(entries).toEqual([
      {
        object: {
          outbox: {
            to: 'a@example.dk',
            subject: 'Confirm',
            body,
            links: ['https://homeward.example/registration?confirmationToken=abc-123'],
          },
        },
        message: 'e-mail (embedded transport: not sent)',
      },
    ]);
  });

  it('finds every link and nothing else', () => {
    expect(linksIn('see http://a.example/x and <https://b.example/y?z=1>.')).toEqual([
      'http://a.example/x',
      'https://b.example/y?z=1',
    ]);
    expect(linksIn('no links here')).toEqual([]);
  });
});
