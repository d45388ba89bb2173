import type { DeviceStatus } from '@homeward/contracts';

/**
 * The live state the realtime `device` event carries, plus whether the location moved: columns of
 * the device's row that the telemetry pipeline keeps, and that alarm handling and the geofence
 * engine change too, so it lives with the devices rather than with any one of them.
 */
export interface DeviceLiveState {
  id: string;
  tenantId: string | null;
  organizationId: string | null;
  status: DeviceStatus;
  battery: number | null;
  lastSeenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  locatedAt: Date | null;
  /** False when the location is coordinates sent without a fix ("last known, no fix"). */
  locationValid: boolean;
}

/** The realtime `device` event of a device's live state. */
export function deviceEvent(state: DeviceLiveState) {
  return {
    type: 'device' as const,
    tenantId: state.tenantId,
    organizationId: state.organizationId,
    state: {
      deviceId: state.id,
      status: state.status,
      batteryLevel: state.battery,
      lastSeenAt: state.lastSeenAt?.toISOString() ?? null,
      latitude: state.latitude,
      longitude: state.longitude,
      ...(state.locationValid ? {} : { locationValid: false }),
    },
  };
}
