import type { DeviceProtocol, DeviceReport } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { publishRealtime } from '../../platform/realtime/realtime-publish';
import { applyTransactionScope } from '../../platform/tenancy/request-transaction';
import { raiseReportAlarms } from '../alarms/alarm-raising';
import { answerDeviceCommand } from '../device-commands/command-answers';
import { publishDeviceCommandEvent } from '../device-commands/device-command-events';
import type { DeviceReportSink } from '../gateways/device-report-sink';
import { hasQueuedCommand, takeOldestQueuedCommand } from './device-commands.repository';
import { evaluateGeofences } from '../geofence-engine/evaluate-geofences';
import { ReportingDeviceCache } from './reporting-device-cache';
import { positionOfReport } from './report-position';
import {
  insertDevicePosition,
  updateDeviceLiveState,
  type DeviceLiveState,
  type ReportingDevice,
} from './telemetry.repository';

export interface TelemetryServiceDependencies {
  /** The process database (owner connection); each report's writes run in a transaction on it. */
  db: Database;
  clock?: () => Date;
}

/**
 * The telemetry pipeline (DESIGN §6), the one sink every gateway feeds: identify the device across
 * tenants, then in one transaction scoped to its tenant (row-level security applies, as in a
 * request): locate (GPS, or trusted Wi-Fi), store the position unless it is a retry (dedupe on
 * device, device time, kind), update the live state, and queue realtime events, which go out on
 * commit. Alarms and geofences come later in the same transaction.
 */
export function createTelemetryService(deps: TelemetryServiceDependencies): DeviceReportSink {
  const clock = deps.clock ?? (() => new Date());
  const devices = new ReportingDeviceCache(deps.db);
  return {
    async handleReport(report) {
      // Twice at most: a remembered device that has gone (deleted, moved tenant) is looked up again.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const device = await devices.find(report.deviceIdentifier);
        if (!device) return { deviceKnown: false };
        const applied = await inDeviceTenant(deps.db, device, async (tx) => {
          if (await processReport(tx, device, report, clock())) return true;
          // Roll back what was written before the device turned out to be gone.
          throw new DeviceGoneError();
        }).catch((error: unknown) => {
          if (error instanceof DeviceGoneError) return false;
          throw error;
        });
        if (applied) return { deviceKnown: true };
        devices.forget(report.deviceIdentifier);
      }
      return { deviceKnown: false };
    },

    // Commands are per device, whichever channel it uses: the protocol does not narrow the queue,
    // it names the channel the command went out on.
    async takeQueuedCommand(deviceIdentifier: string, protocol: DeviceProtocol) {
      const device = await devices.find(deviceIdentifier);
      if (!device || !(await hasQueuedCommand(deps.db, device.id))) return null;
      const taken = await inDeviceTenant(deps.db, device, async (tx) => {
        const command = await takeOldestQueuedCommand(tx, device.tenantId, device.id, clock(), protocol);
        if (command) await publishDeviceCommandEvent(tx, command, device.organizationId);
        return command;
      });
      return taken?.command ?? null;
    },

    async answerCommand(deviceIdentifier, answer) {
      const device = await devices.find(deviceIdentifier);
      if (!device) return false;
      return inDeviceTenant(deps.db, device, (tx) => answerDeviceCommand(tx, device, answer, clock()));
    },
  };
}

/** The remembered device is no longer in its tenant: the transaction rolls back. */
class DeviceGoneError extends Error {}

/** Runs `work` in a transaction scoped to the device's tenant, under the request role. */
function inDeviceTenant<T>(db: Database, device: ReportingDevice, work: (tx: Database) => Promise<T>) {
  return db.transaction(async (tx) => {
    await applyTransactionScope(tx, {
      scope: device.tenantId ? { kind: 'tenant', tenantId: device.tenantId } : { kind: 'host' },
    });
    return work(tx);
  });
}

/**
 * Applies one report in the device's tenant; false when the device is not there (any more), in
 * which case nothing was written.
 */
async function processReport(
  tx: Database,
  device: ReportingDevice,
  report: DeviceReport,
  now: Date,
): Promise<boolean> {
  const deviceTime = new Date(report.deviceTime);
  const position = await positionOfReport(tx, device.tenantId, report, now);
  const state = await updateDeviceLiveState(tx, device.tenantId, device.id, {
    receivedAt: new Date(report.receivedAt),
    battery: report.battery?.percent,
    location: position
      ? { latitude: position.latitude, longitude: position.longitude, at: deviceTime }
      : undefined,
  });
  if (!state) return false;
  const fix = report.position?.valid ? report.position : undefined;
  const stored =
    position !== null &&
    (await insertDevicePosition(tx, {
      tenantId: device.tenantId,
      deviceId: device.id,
      deviceTime,
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
    }));
  const recoveredStatus = await raiseReportAlarms(tx, {
    device,
    report,
    retry: position !== null && !stored,
  });
  const current = recoveredStatus ? { ...state, status: recoveredStatus } : state;
  await publishRealtime(tx, deviceEvent(current));
  await evaluateGeofences(tx, current, stored ? position : null, deviceTime);
  // Only a new position that became the current one moves the watch on live maps.
  if (position && stored && state.locatedAt?.getTime() === deviceTime.getTime()) {
    await publishRealtime(tx, {
      type: 'position',
      tenantId: state.tenantId,
      organizationId: state.organizationId,
      deviceId: state.id,
      latitude: position.latitude,
      longitude: position.longitude,
      accuracy: position.accuracyMeters,
      at: deviceTime.toISOString(),
    });
  }
  return true;
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
