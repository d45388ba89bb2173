import type { DeviceProtocol, DeviceReport } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { applyTransactionScope } from '../../platform/tenancy/request-transaction';
import { answerDeviceCommand } from '../device-commands/command-answers';
import { publishDeviceCommandEvent } from '../device-commands/device-command-events';
import type { DeviceReportSink, HandledReport } from '../gateways/device-report-sink';
import { hasQueuedCommand, takeOldestQueuedCommand } from './device-commands.repository';
import { applyReportBatch, type BatchEntry, type BatchEntryOutcome } from './report-batch';
import { ReportBatcher } from './report-batcher';
import { ReportingDeviceCache } from './reporting-device-cache';
import type { ReportingDevice } from './telemetry.repository';

export interface TelemetryServiceDependencies {
  /** The process database (owner connection); each batch's writes run in a transaction on it. */
  db: Database;
  clock?: () => Date;
  /** Reports applied in one transaction at most (256). */
  maxBatch?: number;
  /** Batches in progress at once at most (2): the connections ingest may hold. */
  maxConcurrentBatches?: number;
}

/** A report waiting for its batch; the key keeps one device's reports in order. */
interface QueuedReport {
  key: string;
  report: DeviceReport;
}

/** Unknown identifier, device gone since it was looked up, refused by the database, or applied. */
type ReportOutcome =
  | { kind: 'unknown' }
  | { kind: 'gone' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'applied'; commandQueued: boolean };

/**
 * The telemetry pipeline (DESIGN §6), the one sink every gateway feeds. Reports are grouped (group
 * commit, `ReportBatcher`): each batch identifies its devices across tenants, then applies each
 * tenant's reports in one transaction scoped to that tenant, so row-level security applies as in a
 * request (`applyReportBatch`). A report is answered only after its transaction committed, so a
 * device that got its answer never needs to send it again, and one that did not may retry safely
 * (dedupe on device, device time, kind).
 */
export function createTelemetryService(deps: TelemetryServiceDependencies): DeviceReportSink {
  const clock = deps.clock ?? (() => new Date());
  const devices = new ReportingDeviceCache(deps.db);

  async function processBatch(queued: QueuedReport[]): Promise<ReportOutcome[]> {
    const found = await devices.findMany(queued.map((item) => item.report.deviceIdentifier));
    const byTenant = new Map<string | null, { index: number; entry: BatchEntry }[]>();
    found.forEach((device, index) => {
      if (!device) return;
      const group = byTenant.get(device.tenantId) ?? [];
      group.push({ index, entry: { device, report: queued[index]!.report } });
      byTenant.set(device.tenantId, group);
    });
    const outcomes: ReportOutcome[] = queued.map(() => ({ kind: 'unknown' }));
    for (const [tenantId, group] of byTenant) {
      const applied = await applyTenantReports(
        tenantId,
        group.map(({ entry }) => entry),
      );
      group.forEach(({ index }, position) => (outcomes[index] = applied[position]!));
    }
    return outcomes;
  }

  /**
   * One tenant's reports in one transaction. When it fails, each report is tried again in a
   * transaction of its own, so one report the database refuses fails alone, not the others with it.
   */
  async function applyTenantReports(
    tenantId: string | null,
    entries: BatchEntry[],
  ): Promise<ReportOutcome[]> {
    const apply = async (part: BatchEntry[]) =>
      (
        await inDeviceTenant(deps.db, tenantId, (tx) => applyReportBatch(tx, tenantId, part, clock()), {
          liveStateOnly: true,
        })
      ).map(outcomeOf);
    if (entries.length > 1) {
      try {
        return await apply(entries);
      } catch {
        // Found out below, report by report.
      }
    }
    const outcomes: ReportOutcome[] = [];
    for (const entry of entries) {
      outcomes.push(
        ...(await apply([entry]).catch((error: unknown) => [{ kind: 'failed' as const, error }])),
      );
    }
    return outcomes;
  }

  const batcher = new ReportBatcher<QueuedReport, ReportOutcome>({
    process: processBatch,
    maxBatch: deps.maxBatch ?? 256,
    maxConcurrent: deps.maxConcurrentBatches ?? 2,
  });

  return {
    async handleReport(report): Promise<HandledReport> {
      // Twice at most: a remembered device that has gone (deleted, moved tenant) is looked up again.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const outcome = await batcher.submit({ key: report.deviceIdentifier, report });
        if (outcome.kind === 'unknown') return { deviceKnown: false };
        if (outcome.kind === 'applied') return { deviceKnown: true, commandQueued: outcome.commandQueued };
        if (outcome.kind === 'failed') throw outcome.error;
        devices.forget(report.deviceIdentifier);
      }
      return { deviceKnown: false };
    },

    // Commands are per device, whichever channel it uses: the protocol does not narrow the queue,
    // it names the channel the command went out on.
    async takeQueuedCommand(deviceIdentifier: string, protocol: DeviceProtocol) {
      const device = await devices.find(deviceIdentifier);
      if (!device || !(await hasQueuedCommand(deps.db, device.id))) return null;
      const taken = await inDeviceTenant(deps.db, device.tenantId, async (tx) => {
        const command = await takeOldestQueuedCommand(tx, device.tenantId, device.id, clock(), protocol);
        if (command) await publishDeviceCommandEvent(tx, command, device.organizationId);
        return command;
      });
      return taken?.command ?? null;
    },

    async answerCommand(deviceIdentifier, answer) {
      const device: ReportingDevice | null = await devices.find(deviceIdentifier);
      if (!device) return false;
      return inDeviceTenant(deps.db, device.tenantId, (tx) =>
        answerDeviceCommand(tx, device, answer, clock()),
      );
    },
  };
}

function outcomeOf(outcome: BatchEntryOutcome): ReportOutcome {
  return outcome.applied ? { kind: 'applied', commandQueued: outcome.commandQueued } : { kind: 'gone' };
}

/** Runs `work` in a transaction scoped to a tenant (null: the host), under the request role. */
function inDeviceTenant<T>(
  db: Database,
  tenantId: string | null,
  work: (tx: Database) => Promise<T>,
  options: { liveStateOnly?: boolean } = {},
) {
  return db.transaction(async (tx) => {
    await applyTransactionScope(tx, {
      scope: tenantId ? { kind: 'tenant', tenantId } : { kind: 'host' },
      liveStateOnly: options.liveStateOnly,
    });
    return work(tx);
  });
}
