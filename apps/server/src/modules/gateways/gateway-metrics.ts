import type { DeviceProtocol } from '@homeward/contracts';
import type { MetricsRegistry } from '../../platform/metrics/metrics';

/**
 * What the gateways count (`GET /metrics`): reports by protocol and outcome, and bad input by
 * protocol — frames that do not parse (watch), requests that are not OsmAnd (400), MQTT payloads
 * that are not reports — and connections refused over the per-address cap. Nothing of a bad frame
 * is stored; the count is how an operator sees it.
 */
export interface GatewayMetrics {
  accepted(protocol: DeviceProtocol): void;
  unknownDevice(protocol: DeviceProtocol): void;
  badFrame(protocol: DeviceProtocol): void;
  badFrames(protocol: DeviceProtocol): number;
  refusedConnection(protocol: DeviceProtocol): void;
  refusedConnections(protocol: DeviceProtocol): number;
  reports(protocol: DeviceProtocol, outcome: 'accepted' | 'unknownDevice'): number;
}

/**
 * The gateways' counters in `registry`, the app's (the same counts for every call on one registry):
 * `buildApp` and main.ts hand them to the OsmAnd routes, the MQTT ingest and the TCP gateways.
 */
export function createGatewayMetrics(registry: MetricsRegistry): GatewayMetrics {
  const reports = registry.counter(
    'homeward_gateway_reports_total',
    'Device reports received by the gateways, by protocol and outcome (accepted, unknownDevice)',
  );
  const badFrames = registry.counter(
    'homeward_gateway_bad_frames_total',
    'Device input the gateways could not read, by protocol',
  );
  const refusedConnections = registry.counter(
    'homeward_gateway_refused_connections_total',
    'Connections a gateway closed at once because their address held GATEWAY_MAX_CONNECTIONS_PER_IP, by protocol',
  );
  return {
    accepted: (protocol) => reports.inc({ protocol, outcome: 'accepted' }),
    unknownDevice: (protocol) => reports.inc({ protocol, outcome: 'unknownDevice' }),
    badFrame: (protocol) => badFrames.inc({ protocol }),
    badFrames: (protocol) => badFrames.value({ protocol }),
    refusedConnection: (protocol) => refusedConnections.inc({ protocol }),
    refusedConnections: (protocol) => refusedConnections.value({ protocol }),
    reports: (protocol, outcome) => reports.value({ protocol, outcome }),
  };
}
