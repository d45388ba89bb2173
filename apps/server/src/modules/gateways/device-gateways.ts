import type { Config } from '../../platform/config/config';
import type { DeviceReportSink } from './device-report-sink';
import { SILENT_LOGGER, type GatewayLogger } from './gateway-logger';
import type { GatewayMetrics } from './gateway-metrics';
import { startOsmAndServer, type OsmAndServer } from './osmand/osmand-routes';
import { startWatchServer, type WatchServer } from './watch/watch-server';

export interface DeviceGateways {
  watch?: WatchServer;
  osmand?: OsmAndServer;
  close(): Promise<void>;
}

/**
 * Starts the device gateways on their own ports (GATEWAY_WATCH_PORT, GATEWAY_OSMAND_PORT; 0 = off),
 * all handing reports to the one sink and counting in the one `metrics`. The OsmAnd gateway also
 * lives in the main app at `/api/gateway/osmand` (osmandRoutes), registered by whoever builds the
 * app with a sink.
 */
export async function startDeviceGateways(options: {
  config: Pick<Config, 'host' | 'gatewayWatchPort' | 'gatewayOsmandPort'> &
    Partial<Pick<Config, 'gatewayWatchIdleSeconds' | 'gatewayMaxConnectionsPerIp'>>;
  sink: DeviceReportSink;
  /** Where both gateways count (the app's metrics, which its `/metrics` serves). */
  metrics: GatewayMetrics;
  logger?: GatewayLogger;
  clock?: () => Date;
}): Promise<DeviceGateways> {
  const { config, sink, metrics, clock } = options;
  const logger = options.logger ?? SILENT_LOGGER;
  const started: DeviceGateways = { close: async () => undefined };
  const close = async () => {
    await Promise.all([started.watch?.close(), started.osmand?.close()]);
  };
  try {
    if (config.gatewayWatchPort !== 0) {
      started.watch = await startWatchServer({
        port: config.gatewayWatchPort,
        host: config.host,
        sink,
        metrics,
        logger,
        clock,
        idleTimeoutMs:
          config.gatewayWatchIdleSeconds === undefined ? undefined : config.gatewayWatchIdleSeconds * 1000,
        maxConnectionsPerIp: config.gatewayMaxConnectionsPerIp,
      });
      logger.info({ port: started.watch.port }, 'watch gateway listening');
    }
    if (config.gatewayOsmandPort !== 0) {
      started.osmand = await startOsmAndServer({
        port: config.gatewayOsmandPort,
        host: config.host,
        sink,
        metrics,
        logger,
        clock,
        maxConnectionsPerIp: config.gatewayMaxConnectionsPerIp,
      });
      logger.info({ port: started.osmand.port }, 'OsmAnd gateway listening');
    }
  } catch (error) {
    await close();
    throw error;
  }
  started.close = close;
  return started;
}
