import { createHash } from 'node:crypto';
import { effectivePermissions, PLUG_AND_PLAY_ROLES } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../db/database';

/** Who a signed-in user is, for authorization: identity, tenant, role names and effective permissions. */
export interface UserAuthorization {
  userId: string;
  userName: string;
  name: string | null;
  email: string;
  tenantId: string | null;
  tenantName: string | null;
  isActive: boolean;
  roles: string[];
  permissions: ReadonlySet<string>;
  isPlugAndPlay: boolean;
  /** Changes whenever roles, grants or the security stamp change; the SPA refreshes on a new one. */
  version: string;
}

interface AuthorizationRow {
  id: string;
  user_name: string;
  name: string | null;
  email: string;
  tenant_id: string | null;
  tenant_name: string | null;
  is_active: boolean;
  security_stamp: string;
  roles: string[] | null;
  permissions: string[] | null;
}

/**
 * Loads a user's authorization in one query. Roles are the user's own plus those of their
 * organization units; permissions are the union of the user's grants (`U`) and those roles' (`R`).
 * Only roles of the user's own tenant count, so a stray cross-tenant link grants nothing.
 */
export async function loadUserAuthorization(
  db: Database,
  userId: string,
): Promise<UserAuthorization | undefined> {
  const [row] = await selectRows<AuthorizationRow>(
    db,
    sql`
      with target as (
        select u.id, u.user_name, u.name, u.email, u.tenant_id, u.is_active, u.security_stamp
        from users u where u.id = ${userId}
      ),
      role_ids as (
        select ur.role_id from user_roles ur where ur.user_id = ${userId}
        union
        select our.role_id
        from user_organization_units uou
        join organization_unit_roles our on our.organization_unit_id = uou.organization_unit_id
        where uou.user_id = ${userId}
      ),
      member_roles as (
        select r.id, r.name from roles r join role_ids ri on ri.role_id = r.id
        where r.tenant_id is not distinct from (select tenant_id from target)
      )
      select t.*, tn.name as tenant_name,
        (select coalesce(array_agg(distinct name order by name), '{}') from member_roles) as roles,
        (select coalesce(array_agg(distinct g.name), '{}') from permission_grants g
          where (g.provider_name = 'U' and g.provider_key = ${userId})
             or (g.provider_name = 'R' and g.provider_key in (select id::text from member_roles))) as permissions
      from target t left join tenants tn on tn.id = t.tenant_id
    `,
  );
  if (!row) return undefined;
  const roles = row.roles ?? [];
  const permissions = effectivePermissions(row.permissions ?? [], row.tenant_id === null);
  const version = createHash('sha256')
    .update(JSON.stringify([row.security_stamp, roles, [...permissions].sort()]))
    .digest('hex')
    .slice(0, 16);
  return {
    userId: row.id,
    userName: row.user_name,
    name: row.name,
    email: row.email,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    isActive: row.is_active,
    roles,
    permissions,
    isPlugAndPlay: roles.some((role) => (PLUG_AND_PLAY_ROLES as readonly string[]).includes(role)),
    version,
  };
}

/**
 * A short per-process cache in front of `loadUserAuthorization`. Services that change grants,
 * roles or memberships call `invalidate`; other API nodes see the change within `ttlMs`.
 */
export class UserAuthorizationCache {
  private readonly entries = new Map<string, { value: UserAuthorization | undefined; expiresAt: number }>();
  private readonly invalidationListeners = new Set<(userId: string | undefined) => void>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(userId: string): Promise<UserAuthorization | undefined> {
    const cached = this.entries.get(userId);
    if (cached && cached.expiresAt > this.now()) return cached.value;
    const value = await loadUserAuthorization(this.db, userId);
    this.entries.set(userId, { value, expiresAt: this.now() + this.ttlMs });
    return value;
  }

  /** Forgets one user, or everyone (after a role's grants change), and tells the listeners. */
  invalidate(userId?: string): void {
    if (userId) this.entries.delete(userId);
    else this.entries.clear();
    for (const listener of this.invalidationListeners) listener(userId);
  }

  /**
   * Calls `listener` on every `invalidate`, in the same tick: other per-process caches of a user's
   * sign-in (the access token lookups) are dropped before the changing request answers.
   */
  onInvalidate(listener: (userId: string | undefined) => void): void {
    this.invalidationListeners.add(listener);
  }
}
