import mqtt, { type MqttClient } from 'mqtt';
import type { Fix } from '../walk-model';
import type { ReportClient } from './report-client';

const KNOTS_PER_MPS = 3600 / 1852;

/** The topic a device publishes its reports to (`homeward/devices/{id}/report`). */
export const mqttReportTopic = (deviceId: string) => `homeward/devices/${deviceId}/report`;

/** The JSON report of a fix (contracts `zMqttDeviceReportPayload`). */
export function mqttReportPayload(fix: Fix): string {
  return JSON.stringify({
    deviceTime: fix.at.toISOString(),
    kind: fix.sos ? 'alarm' : 'position',
    position: {
      lat: fix.lat,
      lon: fix.lon,
      valid: true,
      accuracyMeters: fix.accuracyMeters,
      speedKnots: Math.round(fix.speedMps * KNOTS_PER_MPS * 100) / 100,
      bearing: Math.round(fix.bearing * 10) / 10,
    },
    battery: { percent: fix.batteryPercent, charging: fix.charging },
    alarms: fix.sos ? ['sos'] : [],
  });
}

/**
 * Reports over MQTT (QoS 1): the device signs in with its IMEI and its secret, and publishes to
 * its own report topic. Connects on the first report.
 */
export function mqttClient(url: string, imei: string, secret: string): ReportClient {
  let client: MqttClient | undefined;
  return {
    protocol: 'mqtt',
    imei,
    async send(fix) {
      client ??= await mqtt.connectAsync(url, {
        clientId: `homeward-sim-${imei}`,
        username: imei,
        password: secret,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      if (!client.connected) {
        const stale = client;
        client = undefined;
        await stale.endAsync(true).catch(() => undefined);
        throw new Error('MQTT connection lost');
      }
      await client.publishAsync(mqttReportTopic(imei), mqttReportPayload(fix), { qos: 1 });
    },
    async close() {
      await client?.endAsync();
      client = undefined;
    },
  };
}
