import type { SecurityLogAction } from '@homeward/contracts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { securityLogs } from '../security-logs/security-logs.schema';

/**
 * Queries over the security log that the sign-in throttling and lockout rules count with
 * (sign-in-lockout.ts). The log already records every attempt with its user and client address,
 * and every API node writes to the same database, so counting there works on any number of nodes.
 */

/** A wrong password or code. */
export const FAILED_ATTEMPTS: SecurityLogAction[] = ['LoginFailed', 'TwoFactorFailed'];
/**
 * Every attempt an address is charged for: failures, also for unknown names, refused attempts, and
 * wrong phone sign-in codes (which count against the address, not the account: each code has its
 * own few tries).
 */
export const CHARGED_ATTEMPTS: SecurityLogAction[] = [
  ...FAILED_ATTEMPTS,
  'LoginLockedOut',
  'PhoneCodeFailed',
];
/** A proven password (or code, or a reset by e-mail): failures before it from that address no longer count. */
const PROOFS: SecurityLogAction[] = [
  'LoginSucceeded',
  'LoginRequiresTwoFactor',
  'LoginNotAllowed',
  'TwoFactorEnrolled',
  'PasswordReset',
];

/**
 * When the `nth` most recent charged attempt from `ip` after `since` happened, or undefined when
 * there were fewer: the address is over its budget of `nth`, until that attempt leaves the window.
 */
export async function nthChargedAttemptFrom(
  db: Database,
  ip: string,
  since: Date,
  nth: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: securityLogs.createdAt })
    .from(securityLogs)
    .where(
      and(
        eq(securityLogs.clientIpAddress, ip),
        gt(securityLogs.createdAt, since),
        inArray(securityLogs.action, CHARGED_ATTEMPTS),
      ),
    )
    .orderBy(desc(securityLogs.createdAt))
    .limit(1)
    .offset(nth - 1);
  return row?.at;
}

export interface RecentFailures {
  /** Failures on the account from this address since its last proof there (at most `addressLimit`). */
  fromAddress: number;
  /** Failures on the account from any address (at most `accountLimit`). */
  onAccount: number;
}

/**
 * The account's failures after `since`, from `ip` and from anywhere, each counted only up to its
 * limit (so an account under attack costs no more than a few index rows to check). An
 * administrator's unlock starts both counts afresh.
 */
export async function countRecentFailures(
  db: Database,
  query: { userId: string; ip: string | null; since: Date; addressLimit: number; accountLimit: number },
): Promise<RecentFailures> {
  const { userId, ip, since } = query;
  const failed = sql.join(
    FAILED_ATTEMPTS.map((action) => sql`${action}`),
    sql`, `,
  );
  const proofs = sql.join(
    PROOFS.map((action) => sql`${action}`),
    sql`, `,
  );
  const [row] = await selectRows<{ from_address: number; on_account: number }>(
    db,
    sql`with unlocked as (
      select id from security_logs
      where user_id = ${userId} and created_at > ${since} and action = 'UserUnlocked'
      order by id desc limit 1
    ), proven as (
      select id from security_logs
      where user_id = ${userId} and created_at > ${since} and client_ip_address = ${ip}
        and action in (${proofs})
      order by id desc limit 1
    ), failures as (
      select id, client_ip_address from security_logs
      where user_id = ${userId} and created_at > ${since} and action in (${failed})
        and id > coalesce((select id from unlocked), '00000000-0000-0000-0000-000000000000')
    )
    select
      (select count(*) from (
        select 1 from failures
        where client_ip_address = ${ip}
          and id > coalesce((select id from proven), '00000000-0000-0000-0000-000000000000')
        limit ${query.addressLimit}
      ) a)::int as from_address,
      (select count(*) from (select 1 from failures limit ${query.accountLimit}) b)::int as on_account`,
  );
  return { fromAddress: Number(row?.from_address ?? 0), onAccount: Number(row?.on_account ?? 0) };
}

/** Whether the user signed in successfully from `ip` after `since` (a familiar address). */
export async function hasSignedInFrom(
  db: Database,
  userId: string,
  ip: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: securityLogs.id })
    .from(securityLogs)
    .where(
      and(
        eq(securityLogs.userId, userId),
        eq(securityLogs.clientIpAddress, ip),
        eq(securityLogs.action, 'LoginSucceeded'),
        gt(securityLogs.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}
