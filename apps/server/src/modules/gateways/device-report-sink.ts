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
  handleReport(report: DeviceReport): Promise<HandledReport>;
  /**
   * The oldest command queued for the device, marked sent on this protocol's channel; null if none.
   */
  takeQueuedCommand(deviceIdentifier: string, protocol: DeviceProtocol): Promise<string | null>;
  /**
   * The device answered a command: settles the oldest sent one it matches (acknowledged, or failed
   * for an MQTT error answer). False when none matched or the device is unknown.
   */
  answerCommand(deviceIdentifier: string, answer: CommandAnswer): Promise<boolean>;
}

/** What became of a report. */
export interface HandledReport {
  /** false: no registered device has the identifier; nothing was stored. */
  deviceKnown: boolean;
  /**
   * Whether a command waits for the device, as of the report's transaction; false lets a gateway
   * skip asking (`takeQueuedCommand`). Undefined: not known, ask.
   */
  commandQueued?: boolean;
}

/** A watch's reply frame carries the command's keyword; an MQTT answer names the command. */
export type CommandAnswer = { keyword: string } | { commandId: string; ok: boolean };
