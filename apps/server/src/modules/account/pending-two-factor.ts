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

/**
 * Users who gave the right password and still owe a TOTP code, keyed by interaction uid. The user id
 * (and a secret being set up) stay on the server, so the browser can never choose whose code it is
 * proving nor which secret gets stored; the provider's interaction cookie already binds the uid to
 * the browser that started the sign-in.
 *
 * Kept in process memory: with several API nodes, the password and the code step must reach the
 * same node (sticky sessions) until this moves to shared storage.
 */
export class PendingTwoFactorSignIns {
  private readonly entries = new Map<string, PendingSignIn & { expiresAt: number }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  remember(uid: string, userId: string, enrolment?: PendingEnrolment, firstFactor?: FirstFactor): void {
    this.sweep();
    // A new enrolment secret for the same sign-in keeps how its first step was proven.
    const kept = firstFactor ?? (this.find(uid)?.userId === userId ? this.find(uid)?.firstFactor : undefined);
    this.entries.set(uid, { userId, enrolment, firstFactor: kept, expiresAt: this.now() + this.ttlMs });
  }

  /** The waiting sign-in, or undefined when there is none or it waited too long. */
  find(uid: string): PendingSignIn | undefined {
    const entry = this.entries.get(uid);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(uid);
      return undefined;
    }
    return { userId: entry.userId, enrolment: entry.enrolment, firstFactor: entry.firstFactor };
  }

  /** The `amr` of the sign-in once the TOTP code is given: its first step, then `otp`. */
  amrFor(uid: string): string[] {
    return [this.find(uid)?.firstFactor ?? 'pwd', 'otp'];
  }

  /** The user waiting to give the code of an enrolled secret (not one still setting it up). */
  userIdFor(uid: string): string | undefined {
    const entry = this.find(uid);
    return entry && !entry.enrolment ? entry.userId : undefined;
  }

  /** The user setting up two-factor on this interaction, with the secret they were shown. */
  enrolmentFor(uid: string): { userId: string; enrolment: PendingEnrolment } | undefined {
    const entry = this.find(uid);
    return entry?.enrolment ? { userId: entry.userId, enrolment: entry.enrolment } : undefined;
  }

  forget(uid: string): void {
    this.entries.delete(uid);
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [uid, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(uid);
    }
  }
}
