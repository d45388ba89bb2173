import type { DeviceReport, RealtimeEvent } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { publishRealtimeEvents } from '../../platform/realtime/realtime-publish';
import { raiseReportAlarms } from '../alarms/alarm-raising';
import { evaluateGeofences } from '../geofence-engine/evaluate-geofences';
import { positionOfReport, type ReportPosition } from './report-position';
import {
  dedupeKeyOf,
  insertDevicePositions,
  updateDeviceLiveStates,
  type DeviceLiveState,
  type NewDevicePosition,
  type ReportedDeviceState,
  type ReportingDevice,
} from './telemetry.repository';

/** One report of a batch, with the device it belongs to. */
export interface BatchEntry {
  device: ReportingDevice;
  report: DeviceReport;
}

/** What became of one report: applied (and whether a command waits), or its device is gone. */
export type BatchEntryOutcome = { applied: true; commandQueued: boolean } | { applied: false };

/**
 * Applies a batch of one tenant's reports (one per device) in the caller's transaction, scoped to
 * that tenant — the pipeline of DESIGN §6 with set-based statements: locate (GPS, or trusted
 * Wi-Fi), update every device's live state in one statement (which also reads what the alarm rules
 * and the geofence engine need), store the positions in one statement unless they are retries
 * (dedupe on device, device time, kind), raise the report's alarms, evaluate the geofences, and
 * publish the devices' states and the positions that became current in one statement. The
 * transaction must be scoped with `liveStateOnly` (it changes no other column of a device).
 * Per-report statements remain only for what is rare: Wi-Fi positioning, alarms, status changes.
 * A device no longer in the tenant gets `{ applied: false }`, and nothing is written for it.
 */
export async function applyReportBatch(
  tx: Database,
  tenantId: string | null,
  entries: BatchEntry[],
  now: Date,
): Promise<BatchEntryOutcome[]> {
  const positions: (ReportPosition | null)[] = [];
  for (const { report } of entries) positions.push(await positionOfReport(tx, tenantId, report, now));

  const states = await updateDeviceLiveStates(
    tx,
    tenantId,
    entries.map(({ device, report }, index) => {
      const position = positions[index];
      return {
        deviceId: device.id,
        receivedAt: new Date(report.receivedAt),
        battery: report.battery?.percent === undefined ? null : Math.round(report.battery.percent),
        location: position
          ? { latitude: position.latitude, longitude: position.longitude, at: new Date(report.deviceTime) }
          : null,
      };
    }),
  );

  const rows: NewDevicePosition[] = [];
  entries.forEach(({ device, report }, index) => {
    const position = positions[index];
    if (position && states.has(device.id)) rows.push(positionRowOf(device, report, position));
  });
  const stored = await insertDevicePositions(tx, rows);
  const isStored = (device: ReportingDevice, report: DeviceReport) =>
    stored.has(
      dedupeKeyOf({ deviceId: device.id, deviceTime: new Date(report.deviceTime), kind: report.kind }),
    );

  const current = new Map<string, ReportedDeviceState>();
  for (const [index, { device, report }] of entries.entries()) {
    const state = states.get(device.id);
    if (!state) continue;
    const recoveredStatus = await raiseReportAlarms(tx, {
      device,
      report,
      retry: positions[index] !== null && !isStored(device, report),
      known: {
        status: state.status,
        context: {
          organizationId: state.organizationId,
          citizenId: state.citizenId,
          citizenName: state.citizenName,
          deviceName: state.name,
          threshold: state.lowBatteryThreshold,
        },
      },
    });
    current.set(device.id, recoveredStatus ? { ...state, status: recoveredStatus } : state);
  }

  const checks = entries.flatMap(({ device, report }, index) => {
    const state = current.get(device.id);
    if (!state) return [];
    const position = isStored(device, report) ? positions[index]! : null;
    return [{ device: state, position, at: new Date(report.deviceTime) }];
  });
  const { statuses } = await evaluateGeofences(tx, tenantId, checks);

  // Every device's state as the batch leaves it (the geofence engine's status included), then the
  // new positions that became current (only those move the watch on live maps): one statement.
  const events: RealtimeEvent[] = [];
  for (const state of current.values()) {
    const status = statuses.get(state.id);
    events.push(deviceEvent(status ? { ...state, status } : state));
  }
  for (const { device, position, at } of checks) {
    if (!position || device.locatedAt?.getTime() !== at.getTime()) continue;
    events.push({
      type: 'position',
      tenantId: device.tenantId,
      organizationId: device.organizationId,
      deviceId: device.id,
      latitude: position.latitude,
      longitude: position.longitude,
      accuracy: position.accuracyMeters,
      at: at.toISOString(),
    });
  }
  await publishRealtimeEvents(tx, events);

  return entries.map(({ device }): BatchEntryOutcome => {
    const state = current.get(device.id);
    return state ? { applied: true, commandQueued: state.commandQueued } : { applied: false };
  });
}

function positionRowOf(
  device: ReportingDevice,
  report: DeviceReport,
  position: ReportPosition,
): NewDevicePosition {
  const fix = report.position?.valid ? report.position : undefined;
  return {
    tenantId: device.tenantId,
    deviceId: device.id,
    deviceTime: new Date(report.deviceTime),
    receivedAt: new Date(report.receivedAt),
    kind: report.kind,
    protocol: report.protocol,
    source: position.source,
    latitude: position.latitude,
    longitude: position.longitude,
    accuracyMeters: position.accuracyMeters,
    speedKnots: fix?.speedKnots ?? null,
    bearing: fix?.bearing ?? null,
    altitude: fix?.altitude ?? null,
    battery: report.battery?.percent ?? null,
  };
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
    },
  };
}
