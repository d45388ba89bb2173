import { zMqttDeviceReportPayload, type DeviceReport } from '@homeward/contracts';
import { DEFAULT_MQTT_MAX_PAYLOAD_BYTES } from '../../platform/mqtt/mqtt-connection-guard';
import { saneDeviceTime } from './device-time';
import { unstorableTextIn } from './storable-text';

/**
 * The MQTT adapter's pure part: topic names and payload decoding. Devices (or bridges) publish JSON
 * to `homeward/devices/{deviceId}/report` and receive commands on `homeward/devices/{deviceId}/commands`.
 * The broker wiring comes with the telemetry service.
 */

export const MQTT_DEVICE_TOPIC_PREFIX = 'homeward/devices';

/** An identifier usable as one topic level: no wildcards, separators or control characters. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

export function mqttReportTopic(deviceId: string): string {
  return `${MQTT_DEVICE_TOPIC_PREFIX}/${checkedDeviceId(deviceId)}/report`;
}

export function mqttCommandTopic(deviceId: string): string {
  return `${MQTT_DEVICE_TOPIC_PREFIX}/${checkedDeviceId(deviceId)}/commands`;
}

function checkedDeviceId(deviceId: string): string {
  if (!DEVICE_ID_PATTERN.test(deviceId)) throw new Error(`Not a device id usable in a topic: ${deviceId}`);
  return deviceId;
}

/** The device id of a report topic, or null when the topic is not one. */
export function deviceIdOfReportTopic(topic: string): string | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== MQTT_DEVICE_TOPIC_PREFIX || parts[3] !== 'report') {
    return null;
  }
  return DEVICE_ID_PATTERN.test(parts[2]!) ? parts[2]! : null;
}

export function mqttCommandAnswerTopic(deviceId: string): string {
  return `${mqttCommandTopic(deviceId)}/ack`;
}

/** The device id of a command answer topic (`homeward/devices/{id}/commands/ack`), or null. */
export function deviceIdOfCommandAnswerTopic(topic: string): string | null {
  const parts = topic.split('/');
  if (
    parts.length !== 5 ||
    `${parts[0]}/${parts[1]}` !== MQTT_DEVICE_TOPIC_PREFIX ||
    parts[3] !== 'commands' ||
    parts[4] !== 'ack'
  ) {
    return null;
  }
  return DEVICE_ID_PATTERN.test(parts[2]!) ? parts[2]! : null;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A device's answer to a command: `{ "commandId": "…", "status": "ok" | "error" }`. Null when the
 * payload is not one. Never throws.
 */
export function decodeMqttCommandAnswer(payload: Buffer | string): { commandId: string; ok: boolean } | null {
  if (payload.length > 4096) return null;
  try {
    const value = JSON.parse(payload.toString()) as { commandId?: unknown; status?: unknown };
    if (typeof value.commandId !== 'string' || !UUID_PATTERN.test(value.commandId)) return null;
    if (value.status !== 'ok' && value.status !== 'error') return null;
    return { commandId: value.commandId.toLowerCase(), ok: value.status === 'ok' };
  } catch {
    return null;
  }
}

export type MqttReportResult =
  | { ok: true; report: DeviceReport }
  | { ok: false; reason: string; issues?: { field: string; message: string }[] };

/**
 * Decodes one published message into a report, or says why it is rejected. Never throws. A payload
 * over `maxPayloadBytes` is refused before it is parsed.
 */
export function decodeMqttReport(
  topic: string,
  payload: Buffer | string,
  receivedAt: Date,
  maxPayloadBytes = DEFAULT_MQTT_MAX_PAYLOAD_BYTES,
): MqttReportResult {
  const deviceIdentifier = deviceIdOfReportTopic(topic);
  if (!deviceIdentifier) return { ok: false, reason: `not a report topic: ${topic.slice(0, 200)}` };
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size > maxPayloadBytes) return { ok: false, reason: `payload larger than ${maxPayloadBytes} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString());
  } catch {
    return { ok: false, reason: 'payload is not valid JSON' };
  }
  // Any key or value, also in attributes: text the database refuses must not reach a batch.
  const unstorable = unstorableTextIn(json);
  if (unstorable) return { ok: false, reason: `invalid payload: ${unstorable}` };
  const parsed = zMqttDeviceReportPayload.safeParse(json);
  if (!parsed.success) {
    // Issue codes, not messages: the app's validation map turns messages into translation keys.
    const issues = parsed.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || '(payload)',
      message: issue.code,
    }));
    return {
      ok: false,
      reason: `invalid payload: ${issues.map((issue) => `${issue.field} ${issue.message}`).join('; ')}`,
      issues,
    };
  }
  const payloadReport = parsed.data;
  const time = saneDeviceTime(
    payloadReport.deviceTime ? new Date(payloadReport.deviceTime) : undefined,
    receivedAt,
    payloadReport.deviceTime,
  );
  const attributes = { ...payloadReport.attributes };
  if (time.originalDeviceTime) attributes.originalDeviceTime = time.originalDeviceTime;
  return {
    ok: true,
    report: {
      deviceIdentifier,
      protocol: 'mqtt',
      deviceTime: time.deviceTime,
      receivedAt: receivedAt.toISOString(),
      ...(time.old ? { old: true } : {}),
      kind: payloadReport.kind,
      ...(payloadReport.position ? { position: payloadReport.position } : {}),
      ...(payloadReport.battery ? { battery: payloadReport.battery } : {}),
      cells: payloadReport.cells,
      wifis: payloadReport.wifis,
      alarms: [...new Set(payloadReport.alarms)],
      attributes,
    },
  };
}
