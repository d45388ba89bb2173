import { renderAlarmText, type AlarmKind, type AlarmTextValues } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { languages } from '../languages/languages.schema';
import { defaultAlarmText, type AlarmTextTemplate } from './alarm-text-defaults';
import { findAlarmText } from './alarm-texts.repository';

/**
 * Alarm messages as receivers get them: the tenant's saved text of the alarm kind and language, or
 * the shipped one, with its `{variables}` filled in.
 */

/** The tenant's text of a kind in a language: its saved one, else the shipped default. */
export async function alarmTextTemplate(
  db: Database,
  input: { tenantId: string | null; kind: AlarmKind; language: string },
): Promise<AlarmTextTemplate & { isDefault: boolean }> {
  const saved = await findAlarmText(db, input.tenantId, input.kind, input.language);
  return saved
    ? { subject: saved.subject, body: saved.body, isDefault: false }
    : { ...defaultAlarmText(input.kind, input.language), isDefault: true };
}

/** The subject and body of an alarm message, rendered with the alarm's values. */
export async function resolveAlarmMessage(
  db: Database,
  input: { tenantId: string | null; kind: AlarmKind; language: string; values: AlarmTextValues },
): Promise<{ subject: string; body: string }> {
  const template = await alarmTextTemplate(db, input);
  return {
    subject: renderAlarmText(template.subject, input.values),
    body: renderAlarmText(template.body, input.values),
  };
}

/**
 * The language alarm messages are written in: the default language (languages are the host's, for
 * every tenant). Alarm receivers and users have no language of their own yet; when they do, theirs
 * should win.
 */
export async function alarmMessageLanguage(db: Database): Promise<string> {
  const [row] = await db
    .select({ culture: languages.cultureName })
    .from(languages)
    .where(eq(languages.isDefault, true))
    .limit(1);
  return row?.culture ?? 'en';
}

/**
 * A time as a receiver reads it: date and time in the language's style, in the tenant's time zone.
 * Tenants have no time zone yet, so it is UTC, and says so.
 */
export function formatAlarmTime(at: Date, language: string, timeZone?: string): string {
  const format = (locale: string) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: timeZone ?? 'UTC',
    }).format(at);
  let text: string;
  try {
    text = format(language);
  } catch {
    // A culture name Intl does not know (it is free text in language management).
    text = format('en');
  }
  return timeZone ? text : `${text} UTC`;
}

/** A position as a receiver reads it: its address when known, else latitude and longitude. */
export function formatAlarmAddress(position: {
  address?: string | null;
  latitude: number | null;
  longitude: number | null;
}): string {
  if (position.address) return position.address;
  if (position.latitude === null || position.longitude === null) return '–';
  return `${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)}`;
}

/** The link to the alarm in the web app, opened on the alarms screen. */
export function alarmLink(publicUrl: string, alarmId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/alarms?alarm=${encodeURIComponent(alarmId)}`;
}
