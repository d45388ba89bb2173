import type { SecurityLogAction } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { securityLogs } from './security-logs.schema';

export interface SecurityLogEntry {
  tenantId: string | null;
  action: SecurityLogAction;
  /** `Identity` for password and account events, `OpenIdConnect` for token events. */
  identity?: 'Identity' | 'OpenIdConnect';
  userId?: string | null;
  userName?: string | null;
  clientId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  correlationId?: string | null;
  /**
   * When it happened; the database's clock when omitted. Sign-in passes its own clock, since its
   * lockout rules compare these times with it (sign-in-lockout.ts).
   */
  createdAt?: Date;
}

/** Browser strings can be long; the log keeps enough to recognise the browser. */
const MAX_BROWSER_INFO = 512;

/** Writes one security-log row; pass the transaction of the change it records, if there is one. */
export async function writeSecurityLog(db: Database, entry: SecurityLogEntry): Promise<void> {
  await db.insert(securityLogs).values({
    tenantId: entry.tenantId,
    identity: entry.identity ?? 'Identity',
    action: entry.action,
    userId: entry.userId ?? null,
    userName: entry.userName ?? null,
    clientId: entry.clientId ?? null,
    clientIpAddress: entry.ip ?? null,
    browserInfo: entry.userAgent ? entry.userAgent.slice(0, MAX_BROWSER_INFO) : null,
    correlationId: entry.correlationId ?? null,
    ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
  });
}
