import type { AlarmKind } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { enqueueEmail, enqueueSms } from '../../platform/outbox/outbox';
import { findAlarmReceivers } from '../citizens/alarm-receivers.repository';
import { languages } from '../languages/languages.schema';
import { insertAlarmHistory } from './alarms.repository';

/**
 * The first alarm receiver of a citizen hears of a new alarm by e-mail and SMS, queued in the
 * outbox in the alarm's transaction (so a rolled-back report sends nothing). Escalation to later
 * receivers is a later job (ARCHITECTURE "Alarms"). Receivers have no language of their own yet:
 * the texts follow the default language (Danish when it is Danish, else English); editable alarm
 * texts come later.
 */

type TextLanguage = 'en' | 'da';

const KIND_TEXT: Record<TextLanguage, Record<AlarmKind, string>> = {
  en: {
    sos: 'SOS alarm',
    fall: 'Fall alarm',
    lowBattery: 'Low battery',
    offline: 'Watch offline',
    outsideGeofence: 'Outside geofence',
  },
  da: {
    sos: 'SOS-alarm',
    fall: 'Faldalarm',
    lowBattery: 'Lavt batteri',
    offline: 'Ur offline',
    outsideGeofence: 'Uden for geofence',
  },
};

const BODY: Record<TextLanguage, (kind: string, who: string, at: string) => string> = {
  en: (kind, who, at) => `${kind}: ${who}, ${at} (UTC). Open Homeward to acknowledge the alarm.`,
  da: (kind, who, at) => `${kind}: ${who}, ${at} (UTC). Åbn Homeward for at kvittere for alarmen.`,
};

async function textLanguage(db: Database): Promise<TextLanguage> {
  const [row] = await db
    .select({ culture: languages.cultureName })
    .from(languages)
    .where(eq(languages.isDefault, true))
    .limit(1);
  return row?.culture.toLowerCase().startsWith('da') ? 'da' : 'en';
}

/** The subject and text of an alarm message in a language. */
export function alarmMessage(language: TextLanguage, kind: AlarmKind, who: string, at: Date) {
  const subject = `${KIND_TEXT[language][kind]}: ${who}`;
  const when = at.toISOString().slice(0, 16).replace('T', ' ');
  return { subject, body: BODY[language](KIND_TEXT[language][kind], who, when) };
}

/** Queues the messages to the citizen's first receiver and records it; false when there is none. */
export async function notifyFirstReceiver(
  db: Database,
  alarm: {
    id: string;
    tenantId: string | null;
    citizenId: string;
    kind: AlarmKind;
    who: string;
    at: Date;
  },
): Promise<boolean> {
  const [receiver] = await findAlarmReceivers(db, alarm.tenantId, alarm.citizenId);
  if (!receiver) return false;
  const language = await textLanguage(db);
  const message = alarmMessage(language, alarm.kind, alarm.who, alarm.at);
  const channels: string[] = [];
  if (receiver.email) {
    await enqueueEmail(db, { tenantId: alarm.tenantId, to: receiver.email, ...message });
    channels.push('email');
  }
  if (receiver.phone) {
    await enqueueSms(db, { tenantId: alarm.tenantId, to: receiver.phone, body: message.body });
    channels.push('sms');
  }
  await insertAlarmHistory(db, {
    tenantId: alarm.tenantId,
    alarmId: alarm.id,
    at: alarm.at,
    action: 'notified',
    userId: receiver.userId,
    detail: { receiverId: receiver.id, position: receiver.position, name: receiver.name, channels },
  });
  return true;
}
