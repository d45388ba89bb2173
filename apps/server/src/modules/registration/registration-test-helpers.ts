import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { outbox } from '../../platform/outbox/outbox.schema';
import { users } from '../users/users.schema';
import type { TestApp } from '../../test/build-test-app';

let counter = 0;

/** A valid registration request with a fresh user name and e-mail address. */
export function registrationBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    userName: `new.user${tag}`,
    fullName: 'New User',
    email: `new${tag}@example.dk`,
    phoneNumber: '4512345678',
    password: 'Homeward!Demo1',
    confirmPassword: 'Homeward!Demo1',
    acceptTerms: true,
    ...overrides,
  };
}

/** Registers as the web app does; `origin` is the address of the client it is sent from. */
export function register(t: TestApp, body: Record<string, unknown>, language = 'en', origin?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/pending-registration',
    headers: { 'accept-language': language, ...(origin ? { origin } : {}) },
    payload: body,
  });
}

export function complete(t: TestApp, confirmationToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/complete-registration',
    payload: { confirmationToken },
  });
}

/** The e-mails queued for an address, newest first. */
export function emailsTo(db: Database, to: string) {
  return db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.createdAt));
}

/** The confirmation token in the link of the newest e-mail to an address, as a person would click it. */
export async function confirmationTokenSentTo(db: Database, to: string): Promise<string> {
  const [email] = await emailsTo(db, to);
  const link = email?.body.split('\n').find((line) => line.includes('confirmationToken='));
  if (!link) throw new Error(`no confirmation link was sent to ${to}`);
  return new URL(link.trim()).searchParams.get('confirmationToken')!;
}

/**
 * A household made as a person makes one: registration, then the link in the e-mail. Returns its
 * owner (with the password to sign in) and the household's id.
 */
export async function registeredHousehold(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = registrationBody(overrides);
  const registered = await register(t, body);
  if (registered.statusCode !== 201) throw new Error(`registration refused: ${registered.body}`);
  const confirmed = await complete(t, await confirmationTokenSentTo(t.database.db, body.email));
  if (confirmed.statusCode !== 200) throw new Error(`confirmation refused: ${confirmed.body}`);
  const userId = registered.json().userId as string;
  const [owner] = await t.database.db
    .select({ tenantId: users.tenantId })
    .from(users)
    .where(eq(users.id, userId));
  return {
    userId,
    userName: body.userName,
    email: body.email,
    password: body.password,
    householdId: owner!.tenantId!,
  };
}
