import type { LiveMapCitizen } from '@homeward/contracts';
import type { TFunction } from 'i18next';
import { liveMapStatusOf } from './live-map-status';
import { positionAgeText } from './position-age';

/** The status in words: "Alarm: SOS", "Alarm: Fall and 1 more", "Outside geofence", "Online". */
export function statusText(citizen: LiveMapCitizen, t: TFunction): string {
  if (citizen.alarm) {
    const kind = t(`alarms:kinds.${citizen.alarm.kind}`);
    return citizen.alarm.count > 1
      ? t('liveMap:alarmStatusMore', { kind, count: citizen.alarm.count - 1 })
      : t('liveMap:alarmStatus', { kind });
  }
  return t(`liveMap:statuses.${liveMapStatusOf(citizen)}`);
}

/** "Position 3 minutes ago", "No position yet", or "No watch". */
export function positionText(citizen: LiveMapCitizen, t: TFunction, now: number, locale: string): string {
  if (!citizen.deviceId) return t('liveMap:card.noWatch');
  if (citizen.latitude === null) return t('liveMap:card.noPosition');
  const age = positionAgeText(citizen.locatedAt ?? citizen.lastSeenAt, now, locale);
  return age ? t('liveMap:card.position', { age }) : t('liveMap:card.noPosition');
}
