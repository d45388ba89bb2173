import type { Device, DeviceList, RealtimeDeviceState, RealtimeEvent } from '@homeward/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '../../app/realtime/realtime-events';
import { DEVICES_QUERY_KEY } from './get-devices';

const isDevicePage = (data: unknown): data is DeviceList =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as DeviceList).items) &&
  typeof (data as DeviceList).totalCount === 'number';

/** A listed watch with its pushed live state. */
function withState(device: Device, state: RealtimeDeviceState): Device {
  return {
    ...device,
    status: state.status,
    battery: state.batteryLevel === null ? device.battery : Math.round(state.batteryLevel),
    lastSeenAt: state.lastSeenAt ?? device.lastSeenAt,
    location:
      state.latitude !== null && state.longitude !== null
        ? {
            lat: state.latitude,
            lon: state.longitude,
            at: state.lastSeenAt ?? device.location?.at ?? '',
            // Sent only when false: coordinates without a fix ("last known, no fix").
            valid: state.locationValid ?? true,
          }
        : device.location,
  };
}

/**
 * Keeps the shown device lists live: a pushed `device` event updates the watch's row in every
 * cached page in place; when a status changed, the device queries (the pages, whose status
 * filter may no longer match, and the dashboard chart) are fetched again.
 */
export function useLiveDeviceStates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvents((events) => {
    const states = new Map(
      events
        .filter((event): event is Extract<RealtimeEvent, { type: 'device' }> => event.type === 'device')
        .map((event) => [event.state.deviceId, event.state]),
    );
    if (states.size === 0) return;
    let statusChanged = false;
    queryClient.setQueriesData<unknown>({ queryKey: DEVICES_QUERY_KEY }, (data: unknown) => {
      if (!isDevicePage(data) || !data.items.some((device) => states.has(device.id))) return data;
      return {
        ...data,
        items: data.items.map((device) => {
          const state = states.get(device.id);
          if (!state || !('imei' in device)) return device;
          if (state.status !== device.status) statusChanged = true;
          return withState(device, state);
        }),
      };
    });
    if (statusChanged) void queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
  });
}
