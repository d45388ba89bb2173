import type { IdentityUser } from '@homeward/contracts';

/** A user as `GET /api/identity/users` lists one: active, confirmed, no lockout, unless told otherwise. */
export const identityUser = (overrides: Partial<IdentityUser> = {}): IdentityUser => ({
  id: '33333333-3333-4333-8333-333333333333',
  tenantId: null,
  userName: 'anna',
  name: 'Anna Berg',
  email: 'anna@example.com',
  emailConfirmed: true,
  phoneNumber: null,
  isActive: true,
  lockoutEnabled: true,
  lockoutEnd: null,
  isLockedOut: false,
  accessFailedCount: 0,
  twoFactorEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
