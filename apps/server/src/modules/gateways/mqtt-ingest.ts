import type { Database } from '../../platform/db/database';
import type { MqttClientAuthority, MqttHandle } from '../../platform/mqtt/mqtt';
import { findDeviceMqttSecretHash, verifyDeviceSecret } from '../devices';
import type { DeviceReportSink } from './device-report-sink';
import { SILENT_LOGGER, type GatewayLogger } from './gateway-logger';
import type { GatewayMetrics } from './gateway-metrics';
import {
  MQTT_DEVICE_TOPIC_PREFIX,
  decodeMqttCommandAnswer,
  decodeMqttReport,
  deviceIdOfCommandAnswerTopic,
  deviceIdOfReportTopic,
} from './mqtt-report';

/** Every device's report topic. */
export const MQTT_REPORT_FILTER = `${MQTT_DEVICE_TOPIC_PREFIX}/+/report`;
/** Every device's command answer topic. */
export const MQTT_COMMAND_ANSWER_FILTER = `${MQTT_DEVICE_TOPIC_PREFIX}/+/commands/ack`;
/** The shared-subscription group of the server nodes on an external broker. */
export const MQTT_SHARE_GROUP = 'homeward';

/**
 * The MQTT adapter's wiring: reports published to `homeward/devices/{id}/report` (QoS 1) are
 * decoded and handed to the sink, like the HTTP and TCP gateways' reports. A rejected payload or
 * an unknown device is logged and dropped. QoS 1 is at least once up to the broker: both aedes
 * and mqtt.js acknowledge on receipt, so a report in flight when the process dies is lost, and a
 * redelivered one is deduped by the pipeline.
 */
export async function subscribeDeviceReports(options: {
  mqtt: MqttHandle;
  sink: DeviceReportSink;
  /** Where the reports and the payloads that are not reports are counted (the app's metrics). */
  metrics: GatewayMetrics;
  logger?: GatewayLogger;
  clock?: () => Date;
  /** The shared-subscription group on an external broker; nodes of one deployment share one. */
  shareGroup?: string;
}): Promise<void> {
  const { metrics } = options;
  const logger = options.logger ?? SILENT_LOGGER;
  const clock = options.clock ?? (() => new Date());
  // With an external broker every API node subscribes; a shared subscription hands each report to
  // one of them instead of all (MQTT 5 and Mosquitto/EMQX for 3.1.1 clients). The embedded broker
  // lives in one process, so it needs none.
  const filter =
    options.mqtt.kind === 'external'
      ? `$share/${options.shareGroup ?? MQTT_SHARE_GROUP}/${MQTT_REPORT_FILTER}`
      : MQTT_REPORT_FILTER;
  await options.mqtt.subscribe(
    filter,
    async (topic, payload) => {
      // Over MQTT_MAX_PAYLOAD_BYTES is refused unread: the embedded broker never lets such a
      // payload through, but an external broker may.
      const decoded = decodeMqttReport(topic, payload, clock(), options.mqtt.maxPayloadBytes);
      if (!decoded.ok) {
        metrics.badFrame('mqtt');
        logger.warn({ topic: topic.slice(0, 200), reason: decoded.reason }, 'MQTT report rejected');
        return;
      }
      try {
        const { deviceKnown } = await options.sink.handleReport(decoded.report);
        if (deviceKnown) metrics.accepted('mqtt');
        else {
          metrics.unknownDevice('mqtt');
          logger.warn({ topic: topic.slice(0, 200) }, 'MQTT report from an unknown device');
        }
      } catch (error) {
        logger.error({ err: error }, 'MQTT report handling failed');
      }
    },
    { qos: 1 },
  );
}

/**
 * Command answers published to `homeward/devices/{id}/commands/ack` (`{ commandId, status }`) settle
 * the command (acknowledged, or failed on `error`), shared among nodes like the reports.
 */
export async function subscribeCommandAnswers(options: {
  mqtt: MqttHandle;
  sink: DeviceReportSink;
  logger?: GatewayLogger;
  shareGroup?: string;
}): Promise<void> {
  const logger = options.logger ?? SILENT_LOGGER;
  const filter =
    options.mqtt.kind === 'external'
      ? `$share/${options.shareGroup ?? MQTT_SHARE_GROUP}/${MQTT_COMMAND_ANSWER_FILTER}`
      : MQTT_COMMAND_ANSWER_FILTER;
  await options.mqtt.subscribe(
    filter,
    async (topic, payload) => {
      const deviceId = deviceIdOfCommandAnswerTopic(topic);
      const answer = decodeMqttCommandAnswer(payload);
      if (!deviceId || !answer) {
        logger.warn({ topic: topic.slice(0, 200) }, 'MQTT command answer rejected');
        return;
      }
      try {
        await options.sink.answerCommand(deviceId, answer);
      } catch (error) {
        logger.error({ err: error }, 'MQTT command answer handling failed');
      }
    },
    { qos: 1 },
  );
}

/**
 * Who may use the embedded broker: a device signs in with its identifier (IMEI or watch id) as user
 * name and its secret as password (checked against the stored scrypt hash), then may publish only
 * to its own report and command answer topics, and subscribe only to its own command topic.
 */
export function createDeviceMqttAuthority(db: Database): MqttClientAuthority {
  return {
    async authenticate(username, password) {
      const hash = await findDeviceMqttSecretHash(db, username);
      return hash && (await verifyDeviceSecret(password, hash)) ? username : null;
    },
    mayPublish: (identity, topic) =>
      deviceIdOfReportTopic(topic) === identity || deviceIdOfCommandAnswerTopic(topic) === identity,
    maySubscribe: (identity, filter) => filter === `${MQTT_DEVICE_TOPIC_PREFIX}/${identity}/commands`,
  };
}
