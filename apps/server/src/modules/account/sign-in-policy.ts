import { FEATURE_NAMES, SETTING_DEFINITIONS, type TwoFactorMode } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { getIdentitySettings, resolveSettings } from '../settings';
import { loadTenantFeature } from '../tenants';
import type { SignInUser } from './sign-in.repository';

/**
 * The account rules every way of signing in applies after its credential is proven (password,
 * phone code): who may sign in at all, and who owes a second factor.
 */

const TWO_FACTOR_BEHAVIOUR = SETTING_DEFINITIONS.filter(
  (definition) => definition.name === 'TwoFactor.Behaviour',
);

/** The tenant's (or the host's) TwoFactor.Behaviour setting: optional, disabled or forced. */
async function twoFactorBehaviourSetting(db: Database, tenantId: string | null): Promise<TwoFactorMode> {
  const resolved = await resolveSettings(db, TWO_FACTOR_BEHAVIOUR, { tenantId, userId: null });
  const value = resolved.get('TwoFactor.Behaviour')?.value;
  return value === 'forced' || value === 'disabled' ? value : 'optional';
}

/**
 * The user as sign-in sees them. The host's two-factor feature for the tenant is the ceiling;
 * where it leaves the choice (`optional`), the tenant's TwoFactor.Behaviour setting decides.
 * `forced` treats everyone as enabled (users without a secret enrol first), `disabled` skips
 * the second factor, `optional` leaves it to each user's own switch.
 */
export async function withTenantTwoFactor(
  db: Database,
  user: SignInUser | undefined,
): Promise<SignInUser | undefined> {
  if (!user) return undefined;
  const feature = await loadTenantFeature<TwoFactorMode>(db, user.tenantId, FEATURE_NAMES.twoFactor);
  const mode = feature === 'optional' ? await twoFactorBehaviourSetting(db, user.tenantId) : feature;
  if (mode === 'forced') return { ...user, twoFactorEnabled: true };
  if (mode === 'disabled') return { ...user, twoFactorEnabled: false };
  return user;
}

/**
 * Inactive users, and unconfirmed ones where the tenant's Identity.SignIn.RequireConfirmedEmail
 * setting asks for a confirmed address, are told so only after proving the credential.
 */
export async function notAllowedReason(
  db: Database,
  user: SignInUser,
): Promise<'inactive' | 'email_not_confirmed' | null> {
  if (!user.isActive) return 'inactive';
  if (!user.emailConfirmed && (await getIdentitySettings(db, user.tenantId)).requireConfirmedEmail) {
    return 'email_not_confirmed';
  }
  return null;
}
