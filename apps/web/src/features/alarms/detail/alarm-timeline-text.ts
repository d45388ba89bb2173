import type { AlarmHistoryEntry, AlarmRaisedDetail } from '@homeward/contracts';
import type { TFunction } from 'i18next';

/** One line of an alarm's timeline as people read it: who did or received it, and what happened. */
export interface TimelineLine {
  who: string;
  what: string;
  /** More of what happened (where the report was, the battery), shown under it. */
  more?: string;
}

type Detail = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The names of the receivers an alarm notified, by receiver id: a delivery entry names only the
 * receiver's id, the `notified` entry before it also the name.
 */
export function receiverNames(history: readonly AlarmHistoryEntry[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of history) {
    const id = text(entry.detail?.receiverId);
    const name = text(entry.detail?.name) ?? entry.userName ?? undefined;
    if (entry.action === 'notified' && id && name) names.set(id, name);
  }
  return names;
}

export function describeTimelineEntry(
  entry: AlarmHistoryEntry,
  { t, language, receivers }: { t: TFunction; language: string; receivers: ReadonlyMap<string, string> },
): TimelineLine {
  const detail: Detail = entry.detail ?? {};
  const system = t('alarms:timeline.system');
  const user = entry.userName ?? t('alarms:timeline.someone');
  const channel = (value: unknown) =>
    t(`alarms:channels.${text(value) ?? 'unknown'}`, { defaultValue: text(value) ?? '' });
  const list = (values: unknown) =>
    new Intl.ListFormat(language, { type: 'conjunction' }).format(
      (Array.isArray(values) ? values : []).map(channel),
    );
  switch (entry.action) {
    case 'created':
      return { who: system, ...raised(detail as AlarmRaisedDetail, t, language) };
    case 'repeated':
    case 'realerted':
      return {
        who: system,
        what: t(`alarms:timeline.${entry.action}`, { count: number(detail.count) ?? '' }),
      };
    case 'notified': {
      const name = text(detail.name) ?? entry.userName ?? t('alarms:timeline.aReceiver');
      const position = number(detail.position) ?? 1;
      const channels = Array.isArray(detail.channels) ? detail.channels : [];
      const escalated = position > 1;
      const key = `alarms:timeline.${escalated ? 'escalated' : 'notified'}${channels.length === 0 ? 'NoChannel' : ''}`;
      return { who: name, what: t(key, { name, position, channels: list(channels) }) };
    }
    case 'delivered':
    case 'deliveryFailed': {
      const name =
        receivers.get(text(detail.receiverId) ?? '') ?? entry.userName ?? t('alarms:timeline.aReceiver');
      const reason = text(detail.reason);
      const key =
        entry.action === 'delivered'
          ? 'alarms:timeline.delivered'
          : reason
            ? 'alarms:timeline.deliveryFailed'
            : 'alarms:timeline.deliveryFailedNoReason';
      const what = t(key, { channel: channel(detail.channel), name, reason });
      const fallback = text(detail.fallbackTo);
      return {
        who: name,
        what: fallback
          ? `${what} — ${t('alarms:timeline.fellBackTo', { channel: channel(fallback) })}`
          : what,
      };
    }
    case 'acknowledged':
      return { who: user, what: t('alarms:timeline.acknowledged', { user }) };
    case 'handled': {
      const note = text(detail.note);
      return {
        who: user,
        what: note
          ? t('alarms:timeline.handledWithNote', { user, note })
          : t('alarms:timeline.handled', { user }),
      };
    }
    case 'cleared': {
      const reason = text(detail.reason) ?? '';
      return {
        who: system,
        what: t('alarms:timeline.cleared', {
          reason: t(`alarms:clearReasons.${reason}`, { defaultValue: reason }),
        }),
      };
    }
  }
}

/** The `created` entry: which report raised the alarm and where it was, or what the rule saw. */
function raised(detail: AlarmRaisedDetail, t: TFunction, language: string): Omit<TimelineLine, 'who'> {
  const coordinate = new Intl.NumberFormat(language, { maximumFractionDigits: 5 });
  const more: string[] = [];
  const report = detail.report;
  if (report) {
    const position = report.position;
    if (!position) more.push(t('alarms:timeline.noPosition'));
    else {
      const at = { lat: coordinate.format(position.lat), lon: coordinate.format(position.lon) };
      more.push(t(position.valid ? 'alarms:timeline.position' : 'alarms:timeline.positionNoFix', at));
    }
  } else if (detail.latitude !== undefined && detail.longitude !== undefined) {
    more.push(
      t('alarms:timeline.geofencePosition', {
        lat: coordinate.format(detail.latitude),
        lon: coordinate.format(detail.longitude),
      }),
    );
  }
  if (typeof detail.battery === 'number' && detail.threshold !== undefined) {
    more.push(t('alarms:timeline.battery', { battery: detail.battery, threshold: detail.threshold }));
  }
  const what = report
    ? t('alarms:timeline.createdByReport', {
        protocol: t(`alarms:protocols.${report.protocol}`, { defaultValue: report.protocol }),
        time: new Date(report.deviceTime).toLocaleString(language),
      })
    : t('alarms:timeline.created');
  return more.length > 0 ? { what, more: more.join(' · ') } : { what };
}
