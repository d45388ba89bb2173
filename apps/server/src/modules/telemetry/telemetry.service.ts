import type { DeviceProtocol, DeviceReport } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { MetricsRegistry } from '../../platform/metrics/metrics';
import { applyTransactionScope } from '../../platform/tenancy/request-transaction';
import {
  answerDeviceCommand,
  hasQueuedCommand,
  publishDeviceCommandEvent,
  takeOldestQueuedCommand,
} from '../device-commands';
import { RELATIVE_ALARM_LINKS, type AlarmLinkBases } from '../alarm-texts';
import type { DeviceReportSink, HandledReport } from '../gateways';
import { WearerFenceCache } from '../geofence-engine';
import {
  applyReportBatch,
  type BatchEntry,
  type BatchEntryOutcome,
  type ReportPipeline,
} from './report-batch';
import { ReportBatcher } from './report-batcher';
import { ReportingDeviceCache } from './reporting-device-cache';
import { createTelemetryMetrics } from './telemetry-metrics';
import type { ReportingDevice } from './telemetry.repository';

export interface TelemetryServiceDependencies {
  /** The process database (owner connection); each batch's writes run in a transaction on it. */
  db: Database;
  clock?: () => Date;
  /** Reports applied in one transaction at most (256). */
  maxBatch?: number;
  /** Batches in progress at once at most (2): the connections ingest may hold. */
  maxConcurrentBatches?: number;
  /** Where the pipeline counts (the app's, served at `GET /metrics`); counted unseen unless given. */
  metrics?: MetricsRegistry;
  /**
   * The bases of `{link}` in the messages of the alarms reports raise (`alarmLinkBasesOf` the
   * configuration); links are relative unless given (tests).
   */
  alarmLinks?: AlarmLinkBases;
}

/** A report waiting for its batch; the key keeps one device's reports in order. */
interface QueuedReport {
  key: string;
  report: DeviceReport;
  urgent: boolean;
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
  // This service's own: another service in the process (a second app, a test's) keeps its own.
  const pipeline: ReportPipeline = {
    fences: new WearerFenceCache(),
    metrics: createTelemetryMetrics(deps.metrics ?? new MetricsRegistry()),
    alarmLinks: deps.alarmLinks ?? RELATIVE_ALARM_LINKS,
  };

  /**
   * Identifies the batch's devices in one query, then applies each tenant's reports in one
   * transaction. A report the database refuses (text it cannot store, a time no partition holds)
   * fails alone: a failed step is tried again on each half of its reports, down to the one that
   * fails, so the others are stored and answered. One bad report among n costs about 2·log2(n)
   * more attempts; the common path is unchanged. An error about the database itself (connection,
   * shutdown) fails the whole step at once: halves would fail the same way.
   */
  async function processBatch(queued: QueuedReport[]): Promise<ReportOutcome[]> {
    let found: (ReportingDevice | null)[];
    try {
      found = await devices.findMany(queued.map((item) => item.report.deviceIdentifier));
    } catch (error) {
      return inHalves(queued, error, processBatch);
    }
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

  /** One tenant's reports in one transaction (scoped to the tenant, as a request's). */
  async function applyTenantReports(
    tenantId: string | null,
    entries: BatchEntry[],
  ): Promise<ReportOutcome[]> {
    try {
      const applied = await inDeviceTenant(
        deps.db,
        tenantId,
        (tx) => applyReportBatch(tx, pipeline, tenantId, entries, clock()),
        { liveStateOnly: true },
      );
      return applied.map(outcomeOf);
    } catch (error) {
      return inHalves(entries, error, (half) => applyTenantReports(tenantId, half));
    }
  }

  /** After `step` failed on `items` with `error`: each half on its own, or all failed. */
  async function inHalves<T>(
    items: T[],
    error: unknown,
    step: (part: T[]) => Promise<ReportOutcome[]>,
  ): Promise<ReportOutcome[]> {
    if (items.length === 1 || isAboutTheDatabase(error)) {
      return items.map((): ReportOutcome => ({ kind: 'failed', error }));
    }
    const middle = Math.ceil(items.length / 2);
    return [...(await step(items.slice(0, middle))), ...(await step(items.slice(middle)))];
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
        // A report with an alarm (SOS, fall, removal) does not queue behind bulk positions.
        const urgent = report.alarms.length > 0;
        const outcome = await batcher.submit({ key: report.deviceIdentifier, report, urgent });
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

/** SQLSTATE classes about the connection or the server, never one report's data. */
const DATABASE_ERROR_CLASSES = new Set(['08', '53', '57', '58']);

/**
 * Whether an error is the database's own trouble (connection lost, server shutting down, out of
 * resources) rather than something in the reports: Node's socket errors (ECONNREFUSED, ...) and
 * those SQLSTATE classes, found on the error or the driver error it wraps.
 */
function isAboutTheDatabase(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      // No SQLSTATE class starts with E; Node's errno codes all do.
      return code.startsWith('E') || DATABASE_ERROR_CLASSES.has(code.slice(0, 2));
    }
    current = cause;
  }
  return false;
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
