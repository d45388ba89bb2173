import type { DeviceProtocol, DeviceReport } from '@homeward/contracts';
import type { CommandAnswer, DeviceReportSink } from '../modules/gateways/device-report-sink';

/**
 * A DeviceReportSink for gateway tests: records what it is given, knows the identifiers it is told
 * (every identifier when constructed without a list), and hands out commands a test queued.
 */
export class RecordingReportSink implements DeviceReportSink {
  readonly reports: DeviceReport[] = [];
  private readonly known: Set<string> | undefined;
  private readonly queues = new Map<string, string[]>();
  private readonly waiters: { count: number; resolve: () => void }[] = [];

  constructor(knownDeviceIdentifiers?: string[]) {
    this.known = knownDeviceIdentifiers ? new Set(knownDeviceIdentifiers) : undefined;
  }

  async handleReport(report: DeviceReport): Promise<{ deviceKnown: boolean }> {
    const deviceKnown = this.known?.has(report.deviceIdentifier) ?? true;
    // Like the real sink: a stranger's data is not stored.
    if (deviceKnown) {
      this.reports.push(report);
      for (const waiter of this.waiters.filter((w) => this.reports.length >= w.count)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    return { deviceKnown };
  }

  async takeQueuedCommand(deviceIdentifier: string, protocol: DeviceProtocol): Promise<string | null> {
    return this.queues.get(`${protocol}:${deviceIdentifier}`)?.shift() ?? null;
  }

  readonly answers: { deviceIdentifier: string; answer: CommandAnswer }[] = [];

  async answerCommand(deviceIdentifier: string, answer: CommandAnswer): Promise<boolean> {
    this.answers.push({ deviceIdentifier, answer });
    return true;
  }

  queueCommand(deviceIdentifier: string, protocol: DeviceProtocol, command: string): void {
    const key = `${protocol}:${deviceIdentifier}`;
    this.queues.set(key, [...(this.queues.get(key) ?? []), command]);
  }

  /** Resolves once at least `count` reports were stored (the test's own timeout bounds the wait). */
  waitForReports(count: number): Promise<DeviceReport[]> {
    if (this.reports.length >= count) return Promise.resolve(this.reports);
    return new Promise((resolve) => this.waiters.push({ count, resolve: () => resolve(this.reports) }));
  }
}
