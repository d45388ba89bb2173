import type { DeviceProtocol, DeviceReport } from '@homeward/contracts';

/**
 * Where every protocol adapter hands its reports: the telemetry service (DESIGN §6). Adapters stay
 * thin and know nothing of tenants or the database; the sink maps the identifier to a device.
 */
export interface DeviceReportSink {
  /**
   * Stores and processes one report. `deviceKnown: false` means no registered device has this
   * identifier: nothing was stored, and the adapter answers as the protocol expects for strangers.
   */
  handleReport(report: DeviceReport): Promise<{ deviceKnown: boolean }>;
  /** The oldest command queued for the device on this protocol, removed from the queue; null if none. */
  takeQueuedCommand(deviceIdentifier: string, protocol: DeviceProtocol): Promise<string | null>;
}
