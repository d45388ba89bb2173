import { ALARM_SETTINGS, DEFAULT_ESCALATION_SECONDS, type AlarmKind } from '@homeward/contracts';
import { eq, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { startIntervalJob, type JobLogger } from '../../platform/jobs/interval-job';
import { readGlobalSetting } from '../settings';
import type { AlarmLinkBases } from '../alarm-texts';
import { notifyNextReceiver } from './alarm-notifications';
import { alarms } from './alarms.schema';

/** Alarms one escalation transaction claims; small, so row locks are short and workers share. */
export const ESCALATION_BATCH_SIZE = 50;

/** `Homeward.Alarms.EscalationSeconds`; an unset or unusable value means the default (120). */
export async function readEscalationSeconds(db: Database): Promise<number> {
  const value = Number(await readGlobalSetting(db, ALARM_SETTINGS.escalationSeconds));
  return Number.isFinite(value) && value >= 1 ? value : DEFAULT_ESCALATION_SECONDS;
}

interface DueAlarm {
  id: string;
  tenant_id: string | null;
  device_id: string;
  citizen_id: string;
  kind: AlarmKind;
  first_at: string | Date;
  notified_position: number | null;
  who: string;
}

/**
 * One escalation step for every open (unacknowledged) alarm whose last notification is older than
 * the escalation interval: the citizen's next alarm receiver in their order is notified (e-mail and
 * SMS through the outbox, a `notified` history entry). After the last receiver the alarm starts
 * again from the first when `Homeward.Alarms.EscalationRepeats` is `true`, and otherwise stops
 * escalating (`notified_at` null). Each batch is one owner transaction (every tenant's alarms)
 * that claims rows with `FOR UPDATE SKIP LOCKED` and moves their `notified_at` to `now`, so any
 * number of workers on any number of nodes notify each receiver exactly once. Acknowledging or
 * handling an alarm takes it out of the `open` queue, which stops its escalation.
 * `links` are the bases of the messages' `{link}`. Returns how many receivers were notified.
 */
export async function escalateAlarms(
  db: Database,
  links: AlarmLinkBases,
  now: Date,
  batchSize = ESCALATION_BATCH_SIZE,
): Promise<number> {
  const seconds = await readEscalationSeconds(db);
  const repeats = (await readGlobalSetting(db, ALARM_SETTINGS.escalationRepeats)) === 'true';
  const cutoff = new Date(now.getTime() - seconds * 1000);
  let notified = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const due = await selectRows<DueAlarm>(
        tx,
        sql`select a.id, a.tenant_id, a.device_id, a.citizen_id, a.kind, a.first_at, a.notified_position,
              coalesce(c.name || ' ' || c.surname, d.name) as who
            from alarms a
            join devices d on d.id = a.device_id
            join citizens c on c.id = a.citizen_id
            where a.state = 'open' and a.notified_at <= ${cutoff.toISOString()}::timestamptz
            order by a.notified_at
            limit ${batchSize}
            for update of a skip locked`,
      );
      for (const row of due) {
        const alarm = {
          id: row.id,
          tenantId: row.tenant_id,
          deviceId: row.device_id,
          citizenId: row.citizen_id,
          kind: row.kind,
          who: row.who,
          at: new Date(row.first_at),
        };
        let position = await notifyNextReceiver(tx, links, alarm, row.notified_position ?? 0, now);
        if (position === null && repeats && row.notified_position !== null) {
          position = await notifyNextReceiver(tx, links, alarm, 0, now);
        }
        if (position === null) {
          // Nobody (left) to notify: the alarm leaves the queue until someone acknowledges it.
          await tx.update(alarms).set({ notifiedAt: null }).where(eq(alarms.id, row.id));
        } else {
          notified += 1;
        }
      }
      return due.length;
    });
    if (claimed < batchSize) return notified;
  }
}

/** Runs `escalateAlarms` every `intervalMs` (1 s) where ROLE says jobs run; returns its stop. */
export function startAlarmEscalation(options: {
  db: Database;
  /** The bases of `{link}` in the messages (`alarmLinkBasesOf` the configuration). */
  alarmLinks: AlarmLinkBases;
  logger?: JobLogger;
  intervalMs?: number;
  now?: () => Date;
}): () => Promise<void> {
  const now = options.now ?? (() => new Date());
  return startIntervalJob(
    options.intervalMs ?? 1000,
    'alarm escalation',
    async () => {
      const notified = await escalateAlarms(options.db, options.alarmLinks, now());
      if (notified > 0) options.logger?.info({ notified }, 'Escalated open alarms');
    },
    options.logger,
  );
}
