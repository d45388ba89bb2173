import { deviceEndpoints, type BatteryLevelPeriod, type BatteryLevels } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every battery-level query. */
export const BATTERY_LEVELS_QUERY_KEY = ['battery-levels'] as const;

/** GET /api/devices/:id/battery-levels: the watch's battery over the period ending now. */
export function getBatteryLevels(deviceId: string, period: BatteryLevelPeriod): Promise<BatteryLevels> {
  return callEndpoint(deviceEndpoints.batteryLevels, { params: { id: deviceId }, query: { period } });
}

export const batteryLevelsQueryOptions = (deviceId: string, period: BatteryLevelPeriod) =>
  queryOptions({
    queryKey: [...BATTERY_LEVELS_QUERY_KEY, deviceId, period],
    queryFn: () => getBatteryLevels(deviceId, period),
  });

export function useBatteryLevels(deviceId: string, period: BatteryLevelPeriod) {
  return useQuery(batteryLevelsQueryOptions(deviceId, period));
}
