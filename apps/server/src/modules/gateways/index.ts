/**
 * The public entry of modules/gateways: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export type { CommandAnswer, DeviceReportSink, HandledReport } from './device-report-sink';
export { SILENT_LOGGER } from './gateway-logger';
export type { GatewayLogger } from './gateway-logger';
export { mqttCommandTopic } from './mqtt-report';
export type { WatchServer } from './watch/watch-server';
