/**
 * Users who gave the right password and still owe a TOTP code, keyed by interaction uid. The user id
 * stays on the server, so the browser can never choose whose code it is proving; the provider's
 * interaction cookie already binds the uid to the browser that started the sign-in.
 *
 * Kept in process memory: with several API nodes, the password and the code step must reach the
 * same node (sticky sessions) until this moves to shared storage.
 */
export class PendingTwoFactorSignIns {
  private readonly entries = new Map<string, { userId: string; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  remember(uid: string, userId: string): void {
    this.sweep();
    this.entries.set(uid, { userId, expiresAt: this.now() + this.ttlMs });
  }

  /** The waiting user, or undefined when there is none or it waited too long. */
  userIdFor(uid: string): string | undefined {
    const entry = this.entries.get(uid);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(uid);
      return undefined;
    }
    return entry.userId;
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
