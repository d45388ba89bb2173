import type { AlarmHistoryAction, AlarmKind, AlarmState } from '@homeward/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { devices } from '../devices/devices.schema';
import { users } from '../users/users.schema';
import { alarmHistory, alarms } from './alarms.schema';

/**
 * Demo Kommune's alarms, so the list and the realtime banner have something to show: Inge has an
 * open SOS pressed twice and yesterday's fall, handled by the caregiver; Poul's low battery is
 * acknowledged. Written as rows (no outbox messages: nobody should get an e-mail for demo data).
 */
const DEMO_ALARMS: {
  watch: string;
  kind: AlarmKind;
  state: AlarmState;
  count: number;
  minutesAgo: number;
  note?: string;
}[] = [
  { watch: 'Inges ur', kind: 'sos', state: 'open', count: 2, minutesAgo: 4 },
  {
    watch: 'Inges ur',
    kind: 'fall',
    state: 'handled',
    count: 1,
    minutesAgo: 26 * 60,
    note: 'Faldt i badeværelset, ingen skader',
  },
  { watch: 'Pouls ur', kind: 'lowBattery', state: 'acknowledged', count: 1, minutesAgo: 90 },
];

/** Runs after the citizens are seeded (the watches carry their citizen). */
export async function seedDemoAlarms(db: Database, tenantId: string) {
  const watches = await db
    .select({ id: devices.id, name: devices.name, citizenId: devices.citizenId })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), inArray(devices.name, ['Inges ur', 'Pouls ur'])));
  const [caregiver] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'caregiver')));
  const now = Date.now();
  for (const demo of DEMO_ALARMS) {
    const watch = watches.find((each) => each.name === demo.watch);
    if (!watch) continue;
    const firstAt = new Date(now - demo.minutesAgo * 60_000);
    const lastAt = new Date(firstAt.getTime() + (demo.count - 1) * 60_000);
    const acted = new Date(lastAt.getTime() + 3 * 60_000);
    const userId = caregiver?.id ?? null;
    const [alarm] = await db
      .insert(alarms)
      .values({
        tenantId,
        deviceId: watch.id,
        citizenId: watch.citizenId,
        kind: demo.kind,
        state: demo.state,
        count: demo.count,
        firstAt,
        lastAt,
        ...(demo.state !== 'open' ? { acknowledgedBy: userId, acknowledgedAt: acted } : {}),
        ...(demo.state === 'handled'
          ? { handledBy: userId, handledAt: new Date(acted.getTime() + 60_000), note: demo.note ?? null }
          : {}),
      })
      .returning({ id: alarms.id });
    const history: { at: Date; action: AlarmHistoryAction; userId: string | null }[] = [
      { at: firstAt, action: 'created', userId: null },
      ...(demo.count > 1 ? [{ at: lastAt, action: 'repeated' as const, userId: null }] : []),
      ...(demo.state !== 'open' ? [{ at: acted, action: 'acknowledged' as const, userId }] : []),
      ...(demo.state === 'handled'
        ? [{ at: new Date(acted.getTime() + 60_000), action: 'handled' as const, userId }]
        : []),
    ];
    await db
      .insert(alarmHistory)
      .values(history.map((entry) => ({ ...entry, tenantId, alarmId: alarm!.id, detail: null })));
  }
}
