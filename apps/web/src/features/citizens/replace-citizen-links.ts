import {
  citizenEndpoints,
  type Citizen,
  type DeviceAppSettings,
  type ReplaceAlarmReceiversRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * The detail page's replace-set calls: each sends the whole new set (or order), so the page never
 * has to work out what was added or removed, and a repeated call changes nothing.
 */

/** PUT /api/citizens/:id/devices: the citizen's watches become exactly `deviceIds`. */
export function replaceCitizenDevices(id: string, deviceIds: string[]): Promise<Citizen> {
  return callEndpoint(citizenEndpoints.replaceDevices, { params: { id }, body: { deviceIds } });
}

/** PUT /api/citizens/:id/geofences: the citizen's geofences become exactly `geofenceIds`. */
export function replaceCitizenGeofences(id: string, geofenceIds: string[]): Promise<Citizen> {
  return callEndpoint(citizenEndpoints.replaceGeofences, { params: { id }, body: { geofenceIds } });
}

/** PUT /api/citizens/:id/alarm-receivers: the receivers in escalation order. */
export function replaceAlarmReceivers(
  id: string,
  receivers: ReplaceAlarmReceiversRequest['receivers'],
): Promise<Citizen> {
  return callEndpoint(citizenEndpoints.replaceAlarmReceivers, { params: { id }, body: { receivers } });
}

/** PUT /api/citizens/:id/devices/:deviceId/settings: one linked watch's app settings. */
export function updateCitizenDeviceSettings(
  id: string,
  deviceId: string,
  settings: DeviceAppSettings,
): Promise<Citizen> {
  return callEndpoint(citizenEndpoints.updateDeviceSettings, {
    params: { id, deviceId },
    body: { settings },
  });
}
