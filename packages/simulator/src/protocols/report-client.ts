import type { Fix } from '../walk-model';

export const SIMULATOR_PROTOCOLS = ['osmand', 'watch', 'mqtt'] as const;
export type SimulatorProtocol = (typeof SIMULATOR_PROTOCOLS)[number];

/** One simulated watch's connection to the server, whatever the protocol. */
export interface ReportClient {
  protocol: SimulatorProtocol;
  imei: string;
  /** Sends one report; resolves once it is handed over (HTTP answered, TCP written, MQTT acknowledged). */
  send(fix: Fix): Promise<void>;
  close(): Promise<void>;
}
