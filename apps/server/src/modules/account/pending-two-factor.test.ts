import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcPayloads } from '../../platform/auth/oidc.schema';
import { deleteExpiredOidcPayloads } from '../../platform/auth/oidc/oidc-adapter';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { PENDING_TWO_FACTOR_MODEL, PendingTwoFactorSignIns } from './pending-two-factor';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('PendingTwoFactorSignIns', () => {
  it('keeps a user for the interaction until it expires or is forgotten', async () => {
    let now = new Date('2026-11-26T10:00:00Z');
    const pending = new PendingTwoFactorSignIns(database.db, 60_000, () => now);
    await pending.remember('uid-a', 'user-1');
    await pending.remember('uid-b', 'user-2');
    expect(await pending.userIdFor('uid-a')).toBe('user-1');
    expect(await pending.userIdFor('uid-unknown')).toBeUndefined();
    expect(await pending.userIdFor('uid-\u0000')).toBeUndefined();

    await pending.forget('uid-b');
    expect(await pending.userIdFor('uid-b')).toBeUndefined();

    now = new Date(now.getTime() + 60_000);
    expect(await pending.userIdFor('uid-a')).toBeUndefined();
  });

  it('is shared by every node: a sign-in one store began, another store on the same database finishes', async () => {
    const nodeA = new PendingTwoFactorSignIns(database.db);
    const nodeB = new PendingTwoFactorSignIns(database.db);
    await nodeA.remember('uid-shared', 'user-3', undefined, 'sms');
    expect(await nodeB.userIdFor('uid-shared')).toBe('user-3');
    expect(await nodeB.amrFor('uid-shared')).toEqual(['sms', 'otp']);
    await nodeB.forget('uid-shared');
    expect(await nodeA.userIdFor('uid-shared')).toBeUndefined();
  });

  it('leaves expired entries to the retention job, which deletes them', async () => {
    const start = new Date('2026-11-26T11:00:00Z');
    const pending = new PendingTwoFactorSignIns(database.db, 1_000, () => start);
    await pending.remember('uid-old', 'user-4');
    const stored = () =>
      database.db
        .select({ id: oidcPayloads.id })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, PENDING_TWO_FACTOR_MODEL), eq(oidcPayloads.id, 'uid-old')));
    await deleteExpiredOidcPayloads(database.db, new Date(start.getTime() + 500));
    expect(await stored()).toHaveLength(1);
    await deleteExpiredOidcPayloads(database.db, new Date(start.getTime() + 5_000));
    expect(await stored()).toHaveLength(0);
  });
});

describe('PendingTwoFactorSignIns enrolment', () => {
  it('keeps the offered secret for its interaction and never answers it as a code step', async () => {
    const pending = new PendingTwoFactorSignIns(database.db);
    const enrolment = {
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Homeward:bob?secret=JBSWY3DPEHPK3PXP',
    };
    await pending.remember('uid-e', 'user-1', enrolment);
    await pending.remember('uid-c', 'user-2');

    expect(await pending.enrolmentFor('uid-e')).toEqual({ userId: 'user-1', enrolment });
    expect(await pending.userIdFor('uid-e')).toBeUndefined();
    expect(await pending.enrolmentFor('uid-c')).toBeUndefined();
    expect(await pending.userIdFor('uid-c')).toBe('user-2');
  });
});

describe('PendingTwoFactorSignIns first step', () => {
  it('reports how the first step was proven in the amr, the password unless told otherwise', async () => {
    const pending = new PendingTwoFactorSignIns(database.db);
    await pending.remember('uid-p', 'user-1');
    await pending.remember('uid-s', 'user-2', undefined, 'sms');
    expect(await pending.amrFor('uid-p')).toEqual(['pwd', 'otp']);
    expect(await pending.amrFor('uid-s')).toEqual(['sms', 'otp']);

    // Offering an enrolment secret later in the same sign-in keeps the first step.
    await pending.remember('uid-s', 'user-2', { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' });
    expect(await pending.amrFor('uid-s')).toEqual(['sms', 'otp']);
  });
});
