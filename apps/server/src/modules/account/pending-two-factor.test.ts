import { describe, expect, it } from 'vitest';
import { PendingTwoFactorSignIns } from './pending-two-factor';

describe('PendingTwoFactorSignIns', () => {
  it('keeps a user for the interaction until it expires or is forgotten', () => {
    let now = 1_000;
    const pending = new PendingTwoFactorSignIns(60_000, () => now);
    pending.remember('uid-a', 'user-1');
    pending.remember('uid-b', 'user-2');
    expect(pending.userIdFor('uid-a')).toBe('user-1');
    expect(pending.userIdFor('uid-unknown')).toBeUndefined();

    pending.forget('uid-b');
    expect(pending.userIdFor('uid-b')).toBeUndefined();

    now += 60_000;
    expect(pending.userIdFor('uid-a')).toBeUndefined();
  });

  it('drops expired entries when new ones arrive, so memory stays bounded', () => {
    let now = 0;
    const pending = new PendingTwoFactorSignIns(1_000, () => now);
    pending.remember('old-1', 'u');
    pending.remember('old-2', 'u');
    now = 5_000;
    pending.remember('new', 'u');
    expect(pending.size).toBe(1);
  });
});

describe('PendingTwoFactorSignIns enrolment', () => {
  it('keeps the offered secret for its interaction and never answers it as a code step', () => {
    const pending = new PendingTwoFactorSignIns(60_000, () => 0);
    const enrolment = {
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Homeward:bob?secret=JBSWY3DPEHPK3PXP',
    };
    pending.remember('uid-e', 'user-1', enrolment);
    pending.remember('uid-c', 'user-2');

    expect(pending.enrolmentFor('uid-e')).toEqual({ userId: 'user-1', enrolment });
    expect(pending.userIdFor('uid-e')).toBeUndefined();
    expect(pending.enrolmentFor('uid-c')).toBeUndefined();
    expect(pending.userIdFor('uid-c')).toBe('user-2');
  });
});

describe('PendingTwoFactorSignIns first step', () => {
  it('reports how the first step was proven in the amr, the password unless told otherwise', () => {
    const pending = new PendingTwoFactorSignIns(60_000, () => 0);
    pending.remember('uid-p', 'user-1');
    pending.remember('uid-s', 'user-2', undefined, 'sms');
    expect(pending.amrFor('uid-p')).toEqual(['pwd', 'otp']);
    expect(pending.amrFor('uid-s')).toEqual(['sms', 'otp']);

    // Offering an enrolment secret later in the same sign-in keeps the first step.
    pending.remember('uid-s', 'user-2', { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' });
    expect(pending.amrFor('uid-s')).toEqual(['sms', 'otp']);
  });
});
