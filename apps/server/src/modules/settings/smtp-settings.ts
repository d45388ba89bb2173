import { settingDefinitionsOf } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import type { SmtpSettings } from '../../platform/outbox/email-transport';
import { resolveSettings } from './setting-resolver';

const EMAILING = settingDefinitionsOf('emailing');

/**
 * The host's SMTP settings for the outbox transport, or null while no SMTP host is set (then
 * `SMTP_URL` or the embedded log transport is used). Runs outside requests, on the delivery job's db.
 */
export async function loadSmtpSettings(db: Database): Promise<SmtpSettings | null> {
  const resolved = await resolveSettings(db, EMAILING, { tenantId: null, userId: null });
  const value = (name: string) => resolved.get(name)?.value ?? '';
  const host = value('Smtp.Host');
  if (!host) return null;
  return {
    host,
    port: Number(value('Smtp.Port')) || 587,
    userName: value('Smtp.UserName'),
    password: value('Smtp.Password'),
    enableSsl: value('Smtp.EnableSsl') === 'true',
    from: value('Smtp.From'),
  };
}
