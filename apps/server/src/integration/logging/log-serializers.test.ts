import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/users/users.schema';
import { hashPassword } from '../../platform/auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../../platform/auth/user-names';
import type { Database } from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { applyTransactionScope } from '../../platform/tenancy/request-transaction';
import { given } from '../../test/given';
import { serializeLoggedError } from '../../platform/logging/log-serializers';
import { createLogger } from '../../platform/logging/logger';

let database: TestDatabase;
let passwordHash: string;

beforeAll(async () => {
  database = await createTestDatabase();
  passwordHash = await hashPassword('Serializer-Secret1');
});
afterAll(async () => {
  await database.drop();
});

const PERSON = { userName: 'jens.secret', email: 'jens.secret@example.com', name: 'Jens Hemmelig' };

/** The insert of the registration that broke row-level security: a host user, with its hash. */
function insertHostUser(db: Database, userName = PERSON.userName) {
  return db.insert(users).values({
    tenantId: null,
    userName,
    normalizedUserName: normalizeIdentifier(userName),
    email: PERSON.email,
    normalizedEmail: normalizeIdentifier(PERSON.email),
    name: PERSON.name,
    passwordHash,
    securityStamp: newSecurityStamp(),
  });
}

async function failureOf(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

/** Everything a logger wrote for one `logger.error({ err }, ...)` call. */
function loggedLine(error: unknown): string {
  let written = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  const logger = createLogger({ logLevel: 'info', nodeEnv: 'test' }, { destination: sink });
  logger.error({ err: error }, 'request failed');
  return written;
}

function expectNoPersonalData(text: string) {
  expect(text).not.toContain('$argon2');
  expect(text).not.toContain(passwordHash.slice(-20));
  expect(text).not.toContain(PERSON.email);
  expect(text).not.toContain(PERSON.name);
  expect(text).not.toContain('JENS.SECRET');
}

describe('the error serializer on real database errors', () => {
  it('drops the parameters of a query that row-level security refused, from message, stack and cause', async () => {
    const tenant = await given(database.db).tenant();
    const error = await failureOf(() =>
      database.db.transaction(async (tx) => {
        await applyTransactionScope(tx, { scope: { kind: 'tenant', tenantId: tenant.id } });
        await insertHostUser(tx);
      }),
    );
    // The raw error holds what the old log held: the hash and the person, in message and stack.
    expect(String((error as Error).message)).toContain('$argon2id$');
    expect(String((error as Error).stack)).toContain(PERSON.email);

    const serialized = serializeLoggedError(error) as Record<string, unknown>;
    const text = JSON.stringify(serialized);
    expectNoPersonalData(text);
    expect(serialized.message).toMatch(/^Failed query: insert into "users"/);
    expect(serialized.message).toContain('params: [redacted]');
    expect(serialized).not.toHaveProperty('params');
    expect(text).toContain('row-level security');
    expectNoPersonalData(loggedLine(error));
  });

  it("drops PostgreSQL's detail, which quotes the duplicate key", async () => {
    await insertHostUser(database.db, 'jens.first');
    const error = await failureOf(() => insertHostUser(database.db, 'jens.second'));
    const cause = (error as { cause?: { detail?: string; code?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.detail).toContain(PERSON.email.toUpperCase());

    const serialized = serializeLoggedError(error) as { cause: Record<string, unknown> };
    expect(serialized.cause).toMatchObject({ code: '23505' });
    expect(serialized.cause).not.toHaveProperty('detail');
    const text = JSON.stringify(serialized);
    expectNoPersonalData(text);
    expect(text).not.toContain(PERSON.email.toUpperCase());
    expect(text).toContain('users_normalized_email_unique');
  });

  it('drops the failing row of a NOT NULL violation, which quotes every column', async () => {
    const error = await failureOf(() =>
      database.db.execute(
        // A literal row, as a hand-written statement would write it: no parameters to drop.
        sql.raw(
          `insert into users (id, user_name, normalized_user_name, email, normalized_email, name, password_hash, security_stamp) values (gen_random_uuid(), '${PERSON.userName}', null, '${PERSON.email}', 'X', '${PERSON.name}', '${passwordHash}', 's')`,
        ),
      ),
    );
    const text = JSON.stringify(serializeLoggedError(error));
    expect(text).toContain('23502');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('Failing row contains (');
  });
});

describe('the error serializer on errors of any shape', () => {
  it('follows causes and aggregated errors, and masks secret-named fields and secret-shaped text', () => {
    const inner = Object.assign(new Error('token refused: Bearer abcdefghijklmnop'), {
      refreshToken: 'r-123456',
    });
    const outer = new AggregateError(
      [new Error('enrol otpauth://totp/Homeward:a?secret=JBSWY3DPEHPK3PXP'), inner],
      'password=Hunter-2-Hunter for 0102451234',
      { cause: inner },
    );
    const text = JSON.stringify(serializeLoggedError(outer));
    for (const secret of [
      'abcdefghijklmnop',
      'r-123456',
      'JBSWY3DPEHPK3PXP',
      'Hunter-2-Hunter',
      '0102451234',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('010245-XXXX');
    expect(text).toContain('token refused');
  });

  it('survives cycles and leaves non-errors readable', () => {
    const error = new Error('loop') as Error & { self?: unknown };
    error.self = error;
    expect(JSON.stringify(serializeLoggedError(error))).toContain('[circular]');
    expect(serializeLoggedError({ password: 'x', count: 3 })).toEqual({ password: '[redacted]', count: 3 });
    expect(serializeLoggedError('plain')).toBe('plain');
  });
});
