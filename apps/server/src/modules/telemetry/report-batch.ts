import type { DeviceReport, RealtimeEvent } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { publishRealtimeEvents } from '../../platform/realtime/realtime-publish';
import { clearReportedConditions, raiseReportAlarms } from '../alarms';
import { deviceEvent } from '../devices';
import { evaluateGeofences, type GeofenceEngineParts } from '../geofence-engine';
import { storeReportVitals } from '../vitals';
import { dedupeKeyOf, insertDevicePositions, type NewDevicePosition } from './device-positions.repository';
import { readPositionRetentionDays } from './position-partitions';
import { positionsOfReports, type ReportPosition } from './report-position';
import type { TelemetryMetrics } from './telemetry-metrics';
import {
  updateDeviceLiveStates,
  type LiveStateChange,
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
 * What a telemetry service hands every batch: its geofence engine's cache and the alarm links
 * (`GeofenceEngineParts`), and its counters. Made once per service, never module-wide.
 */
export interface ReportPipeline extends GeofenceEngineParts {
  metrics: TelemetryMetrics;
}

/**
 * Applies a batch of one tenant's reports (one per device) in the caller's transaction, scoped to
 * that tenant — the pipeline of DESIGN §6 with set-based statements: locate (GPS, or trusted
 * Wi-Fi: one lookup of the batch's heard networks, one UPDATE of automatic networks' bounds),
 * update every device's live state in one statement (which also reads what the alarm rules and
 * the geofence engine need), store the positions in one statement unless they are retries
 * (dedupe on device, device time, kind), raise the report's alarms and clear the incidents they
 * ended (one statement), store the vital readings (one statement, none without vitals),
 * evaluate the geofences, and publish the devices' states and the
 * positions that became current in one statement. The
 * transaction must be scoped with `liveStateOnly` (it changes no other column of a device).
 * Per-report statements remain only for what is rare: alarms, status changes.
 * A device no longer in the tenant gets `{ applied: false }`, and nothing is written for it.
 */
export async function applyReportBatch(
  tx: Database,
  pipeline: ReportPipeline,
  tenantId: string | null,
  entries: BatchEntry[],
  now: Date,
): Promise<BatchEntryOutcome[]> {
  // Wi-Fi positioning and automatic networks' bounds: one lookup and one UPDATE for the batch.
  const positions = await positionsOfReports(
    tx,
    tenantId,
    entries.map(({ report }) => report),
    now,
  );

  const states = await updateDeviceLiveStates(
    tx,
    tenantId,
    entries.map(({ device, report }, index) => liveStateChangeOf(device, report, positions[index]!)),
  );

  const rows: NewDevicePosition[] = [];
  entries.forEach(({ device, report }, index) => {
    const position = positions[index];
    if (position && states.has(device.id)) rows.push(positionRowOf(device, report, position));
  });
  const { stored, expired } = await insertDevicePositions(tx, rows);
  const keyOf = (device: ReportingDevice, report: DeviceReport) =>
    dedupeKeyOf({ deviceId: device.id, deviceTime: new Date(report.deviceTime), kind: report.kind });
  const isStored = (device: ReportingDevice, report: DeviceReport) => stored.has(keyOf(device, report));
  for (const { device, report } of entries) {
    if (expired.has(keyOf(device, report))) pipeline.metrics.expiredPosition(report.protocol);
  }

  const current = new Map<string, ReportedDeviceState>();
  for (const [index, { device, report }] of entries.entries()) {
    const state = states.get(device.id);
    if (!state) continue;
    const recoveredStatus = await raiseReportAlarms(tx, pipeline.alarmLinks, {
      device,
      report: alarmReportOf(report),
      // A position not stored was stored before (a retry), unless it was too old to store.
      retry: positions[index] !== null && !isStored(device, report) && !expired.has(keyOf(device, report)),
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
  const reported = entries.flatMap(({ device, report }) => {
    const state = current.get(device.id);
    return state ? [{ device: state, report }] : [];
  });
  // Incidents whose condition the reports cleared (offline, charged, worn again): one statement.
  await clearReportedConditions(tx, tenantId, reported);
  // Heart rate, SpO2, blood pressure, temperature (and the vitals alarms): none without vitals.
  // Read only when a reading may be past the position retention (vitals are kept as long).
  await storeReportVitals(tx, pipeline.alarmLinks, tenantId, reported, now, () =>
    readPositionRetentionDays(tx),
  );

  const checks = entries.flatMap(({ device, report }, index) => {
    const state = current.get(device.id);
    if (!state) return [];
    // An old report's position never becomes current, so it never reaches the geofence engine.
    const position = isStored(device, report) && !report.old ? positions[index]! : null;
    return [{ device: state, position, at: new Date(report.deviceTime) }];
  });
  const { statuses } = await evaluateGeofences(tx, pipeline, tenantId, checks);

  // Every device's state as the batch leaves it (the geofence engine's status included), then the
  // new fixes that became current (only those move the watch on live maps; a no-fix location
  // reaches them in the device event, flagged): one statement.
  const events: RealtimeEvent[] = [];
  for (const state of current.values()) {
    const status = statuses.get(state.id);
    events.push(deviceEvent(status ? { ...state, status } : state));
  }
  for (const { device, position, at } of checks) {
    if (!position?.valid || device.locatedAt?.getTime() !== at.getTime()) continue;
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

/**
 * A report's part of the live-state update. An old report (device time over 30 days back) shows
 * the device is talking now (last seen), but its battery and position are history, not state.
 */
function liveStateChangeOf(
  device: ReportingDevice,
  report: DeviceReport,
  position: ReportPosition | null,
): LiveStateChange {
  const battery = report.battery?.percent;
  return {
    deviceId: device.id,
    receivedAt: new Date(report.receivedAt),
    battery: battery === undefined || report.old ? null : Math.round(battery),
    location:
      position && !report.old
        ? {
            latitude: position.latitude,
            longitude: position.longitude,
            valid: position.valid,
            at: new Date(report.deviceTime),
          }
        : null,
  };
}

/**
 * What alarm raising sees of a report. An old report's alarms are still raised (a missed alarm is
 * the worst defect: a watch whose clock was reset sends live alarms with old dates), timed when
 * they reached us, as the alarm list and escalation run on that time; its battery is history and
 * must neither raise nor end a low-battery alarm.
 */
function alarmReportOf(report: DeviceReport): DeviceReport {
  if (!report.old) return report;
  const { battery: _history, ...rest } = report;
  return { ...rest, deviceTime: report.receivedAt };
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
    valid: position.valid,
  };
}
