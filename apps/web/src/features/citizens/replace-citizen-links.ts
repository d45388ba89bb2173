import type { Citizen, DeviceAppSettings, ReplaceAlarmReceiversRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { CITIZENS_PATH } from './get-citizens';

/*
 * The detail page's replace-set calls: each sends the whole new set (or order), so the page never
 * has to work out what was added or removed, and a repeated call changes nothing.
 */

const put = (path: string, body: unknown): Promise<Citizen> =>
  apiFetch(`${CITIZENS_PATH}/${path}`, { method: 'PUT', body: JSON.stringify(body) });

/** PUT /api/citizens/:id/devices: the citizen's watches become exactly `deviceIds`. */
export function replaceCitizenDevices(id: string, deviceIds: string[]): Promise<Citizen> {
  return put(`${id}/devices`, { deviceIds });
}

/** PUT /api/citizens/:id/geofences: the citizen's geofences become exactly `geofenceIds`. */
export function replaceCitizenGeofences(id: string, geofenceIds: string[]): Promise<Citizen> {
  return put(`${id}/geofences`, { geofenceIds });
}

/** PUT /api/citizens/:id/alarm-receivers: the receivers in escalation order. */
export function replaceAlarmReceivers(
  id: string,
  receivers: ReplaceAlarmReceiversRequest['receivers'],
): Promise<Citizen> {
  return put(`${id}/alarm-receivers`, { receivers });
}

/** PUT /api/citizens/:id/devices/:deviceId/settings: one linked watch's app settings. */
export function updateCitizenDeviceSettings(
  id: string,
  deviceId: string,
  settings: DeviceAppSettings,
): Promise<Citizen> {
  return put(`${id}/devices/${deviceId}/settings`, { settings });
}
