import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';

/**
 * Alarm texts in the tenant-isolation suite. A text is addressed by kind and language, not by id.
 * The suite seeds A first, then B: A saves a fall text, B an SOS text. B restoring the fall text
 * must be 404 (B saved none; A's stays). B saving that kind and language would only make B's own
 * text, so there is no update attempt. B's list shows its own and the shipped texts, never A's.
 */
const SEEDED_KINDS = ['fall', 'sos'] as const;
/** Seeds made so far in each test app (A's is the first): counted per app, not per process. */
const seedsOf = new WeakMap<object, number>();

export const alarmTextsIsolationCase: IsolationCase = {
  name: 'alarm texts',
  tables: ['alarm_texts'],
  permissions: ['Homeward.AlarmTexts'],
  async seed({ t, a }) {
    const marker = `Isolated ${randomBytes(4).toString('hex')}`;
    const seeds = seedsOf.get(t) ?? 0;
    seedsOf.set(t, seeds + 1);
    const kind = SEEDED_KINDS[seeds % SEEDED_KINDS.length];
    const saved = await a.request({
      method: 'PUT',
      url: `/api/alarm-texts/${kind}/da`,
      payload: { subject: `${marker}: {citizen}`, body: 'Alarm hos {citizen} kl. {time}' },
    });
    if (saved.statusCode !== 200) throw new Error(`seed refused: ${saved.statusCode} ${saved.body}`);
    const { id } = saved.json() as { id: string };
    return { id, searchText: marker };
  },
  list: '/api/alarm-texts?language=da',
  remove: () => ({ method: 'DELETE', url: '/api/alarm-texts/fall/da' }),
};
