import type { DeviceAlarm } from '@homeward/contracts';

/**
 * Alarm names devices send (Traccar Client sends `sos`; Traccar's own names such as `fallDown`
 * and `removing` come from bridges) mapped to ours. Anything else is a `general` alarm.
 */
const ALARM_NAMES: Record<string, DeviceAlarm> = {
  sos: 'sos',
  fall: 'fall',
  falldown: 'fall',
  lowbattery: 'lowBattery',
  removal: 'removal',
  removing: 'removal',
  geofenceexit: 'geofenceExit',
  geofenceenter: 'geofenceEnter',
  abnormalheartrate: 'abnormalHeartRate',
  general: 'general',
};

export function deviceAlarmOf(name: string): DeviceAlarm {
  return ALARM_NAMES[name.trim().toLowerCase()] ?? 'general';
}
