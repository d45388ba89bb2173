import type { DeviceProtocol } from '@homeward/contracts';
import { counter } from '../../platform/metrics/metrics';

/**
 * What the pipeline counts (`GET /metrics`) beyond the gateways' traffic: positions of old reports
 * that no partition holds any more (past the retention), dropped without failing the report. A
 * rising count is a device re-uploading a long-buffered track, or one whose clock resets.
 */
const expiredPositions = counter(
  'homeward_telemetry_expired_positions_total',
  'Positions not stored because their device time is older than the oldest position partition, by protocol',
);

export const telemetryMetrics = {
  expiredPosition: (protocol: DeviceProtocol) => expiredPositions.inc({ protocol }),
  expiredPositions: (protocol: DeviceProtocol) => expiredPositions.value({ protocol }),
};
