import { counter } from '../../platform/metrics/metrics';
import type { DeviceProtocol } from '@homeward/contracts';

/**
 * What the gateways count (`GET /metrics`): reports by protocol and outcome, and bad input by
 * protocol — frames that do not parse (watch), requests that are not OsmAnd (400), MQTT payloads
 * that are not reports — and connections refused over the per-address cap. Nothing of a bad frame
 * is stored; the count is how an operator sees it.
 */
const reports = counter(
  'homeward_gateway_reports_total',
  'Device reports received by the gateways, by protocol and outcome (accepted, unknownDevice)',
);
const badFrames = counter(
  'homeward_gateway_bad_frames_total',
  'Device input the gateways could not read, by protocol',
);
const refusedConnections = counter(
  'homeward_gateway_refused_connections_total',
  'Connections a gateway closed at once because their address held GATEWAY_MAX_CONNECTIONS_PER_IP, by protocol',
);

export const gatewayMetrics = {
  accepted: (protocol: DeviceProtocol) => reports.inc({ protocol, outcome: 'accepted' }),
  unknownDevice: (protocol: DeviceProtocol) => reports.inc({ protocol, outcome: 'unknownDevice' }),
  badFrame: (protocol: DeviceProtocol) => badFrames.inc({ protocol }),
  badFrames: (protocol: DeviceProtocol) => badFrames.value({ protocol }),
  refusedConnection: (protocol: DeviceProtocol) => refusedConnections.inc({ protocol }),
  refusedConnections: (protocol: DeviceProtocol) => refusedConnections.value({ protocol }),
  reports: (protocol: DeviceProtocol, outcome: 'accepted' | 'unknownDevice') =>
    reports.value({ protocol, outcome }),
};
