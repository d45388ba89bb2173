import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { MetricsRegistry } from '../../platform/metrics/metrics';
import { RecordingReportSink } from '../../test/recording-report-sink';
import { startDeviceGateways } from './device-gateways';
import { createGatewayMetrics } from './gateway-metrics';

describe('startDeviceGateways', () => {
  it('starts nothing when both ports are 0', async () => {
    const gateways = await startDeviceGateways({
      config: { host: '127.0.0.1', gatewayWatchPort: 0, gatewayOsmandPort: 0 },
      sink: new RecordingReportSink(),
      metrics: createGatewayMetrics(new MetricsRegistry()),
    });
    expect(gateways.watch).toBeUndefined();
    expect(gateways.osmand).toBeUndefined();
    await gateways.close();
  });

  it('starts both gateways on their ports, feeding one sink, and closes them', async () => {
    const sink = new RecordingReportSink();
    const [watchPort, osmandPort] = [await freePort(), await freePort()];
    const gateways = await startDeviceGateways({
      config: { host: '127.0.0.1', gatewayWatchPort: watchPort, gatewayOsmandPort: osmandPort },
      sink,
      metrics: createGatewayMetrics(new MetricsRegistry()),
    });
    try {
      expect(gateways.watch?.port).toBe(watchPort);
      expect(gateways.osmand?.port).toBe(osmandPort);
      expect((await fetch(`http://127.0.0.1:${osmandPort}/?id=phone&lat=1&lon=2`)).status).toBe(200);
      const socket = connect(watchPort, '127.0.0.1');
      socket.write('[SG*8800000015*0002*LK]');
      await sink.waitForReports(2);
      socket.destroy();
      expect(sink.reports.map((report) => report.protocol)).toEqual(['osmand', 'watch']);
    } finally {
      await gateways.close();
    }
  });
});
