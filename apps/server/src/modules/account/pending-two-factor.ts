import type { AdapterPayload } from 'oidc-provider';
import { createOidcAdapter } from '../../platform/auth/oidc/oidc-adapter';
import type { Database } from '../../platform/db/database';

/**
 * A TOTP secret offered to a user who must set up two-factor and has not proven it yet: it becomes
 * theirs only when they type a code it produces.
 */
export interface PendingEnrolment {
  secret: string;
  /** The otpauth:// address shown as the QR code (issuer Homeward, the user name as label). */
  uri: string;
}

/** How the first step was proven (RFC 8176 `amr` values): the password, or a code sent by SMS. */
export type FirstFactor = 'pwd' | 'sms';

/** A user who gave the right password and still owes a TOTP code, or an enrolment with one. */
export interface PendingSignIn {
  userId: string;
  enrolment?: PendingEnrolment;
  /** The first step, for the `amr` of the finished sign-in; the password unless said otherwise. */
  firstFactor?: FirstFactor;
}

/** The provider-store model under which waiting sign-ins are kept (table `oidc_payloads`). */
export const PENDING_TWO_FACTOR_MODEL = 'TwoFactorSignIn';

/**
 * Users who gave the right password and still owe a TOTP code, keyed by interaction uid. The user id
 * (and a secret being set up) stay on the server, so the browser can never choose whose code it is
 * proving nor which secret gets stored; the provider's interaction cookie already binds the uid to
 * the browser that started the sign-in.
 *
 * Kept in the database beside the provider's own interactions (`oidc_payloads`, model
 * `TwoFactorSignIn`), never in a node's memory: the password step may reach one API node and the
 * code step another, so no sticky sessions are needed. Entries expire after five minutes; the
 * retention job deletes expired rows with the provider's.
 */
export class PendingTwoFactorSignIns {
  private readonly store: InstanceType<ReturnType<typeof createOidcAdapter>>;

  constructor(
    db: Database,
    private readonly ttlMs = 5 * 60_000,
    now: () => Date = () => new Date(),
  ) {
    const Store = createOidcAdapter(db, now);
    this.store = new Store(PENDING_TWO_FACTOR_MODEL);
  }

  async remember(
    uid: string,
    userId: string,
    enrolment?: PendingEnrolment,
    firstFactor?: FirstFactor,
  ): Promise<void> {
    // A new enrolment secret for the same sign-in keeps how its first step was proven.
    const earlier = firstFactor ? undefined : await this.find(uid);
    const kept = firstFactor ?? (earlier?.userId === userId ? earlier.firstFactor : undefined);
    const entry: PendingSignIn = {
      userId,
      ...(enrolment ? { enrolment } : {}),
      ...(kept ? { firstFactor: kept } : {}),
    };
    await this.store.upsert(uid, entry as unknown as AdapterPayload, Math.ceil(this.ttlMs / 1000));
  }

  /** The waiting sign-in, or undefined when there is none or it waited too long. */
  async find(uid: string): Promise<PendingSignIn | undefined> {
    const payload = (await this.store.find(uid)) as Partial<PendingSignIn> | undefined;
    if (typeof payload?.userId !== 'string') return undefined;
    return { userId: payload.userId, enrolment: payload.enrolment, firstFactor: payload.firstFactor };
  }

  /** The `amr` of the sign-in once the TOTP code is given: its first step, then `otp`. */
  async amrFor(uid: string): Promise<string[]> {
    return [(await this.find(uid))?.firstFactor ?? 'pwd', 'otp'];
  }

  /** The user waiting to give the code of an enrolled secret (not one still setting it up). */
  async userIdFor(uid: string): Promise<string | undefined> {
    const entry = await this.find(uid);
    return entry && !entry.enrolment ? entry.userId : undefined;
  }

  /** The user setting up two-factor on this interaction, with the secret they were shown. */
  async enrolmentFor(uid: string): Promise<{ userId: string; enrolment: PendingEnrolment } | undefined> {
    const entry = await this.find(uid);
    return entry?.enrolment ? { userId: entry.userId, enrolment: entry.enrolment } : undefined;
  }

  forget(uid: string): Promise<void> {
    return this.store.destroy(uid);
  }
}
