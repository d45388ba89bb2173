import type { DeviceProtocol } from '@homeward/contracts';
import type { MetricsRegistry } from '../../platform/metrics/metrics';

/**
 * What the pipeline counts (`GET /metrics`) beyond the gateways' traffic: positions of old reports
 * that no partition holds any more (past the retention), dropped without failing the report. A
 * rising count is a device re-uploading a long-buffered track, or one whose clock resets.
 */
export interface TelemetryMetrics {
  expiredPosition(protocol: DeviceProtocol): void;
  expiredPositions(protocol: DeviceProtocol): number;
}

/** The pipeline's counters in `registry` (the same counts for every call on one registry). */
export function createTelemetryMetrics(registry: MetricsRegistry): TelemetryMetrics {
  const expiredPositions = registry.counter(
    'homeward_telemetry_expired_positions_total',
    'Positions not stored because their device time is older than the oldest position partition, by protocol',
  );
  return {
    expiredPosition: (protocol) => expiredPositions.inc({ protocol }),
    expiredPositions: (protocol) => expiredPositions.value({ protocol }),
  };
}
