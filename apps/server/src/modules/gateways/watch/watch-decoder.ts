import type { DeviceReport, DeviceReportKind } from '@homeward/contracts';
import { saneDeviceTime } from '../device-time';
import { numberField, parseWatchLocation } from './watch-location';
import type { WatchFrame } from './watch-frame';

/** What one frame means: a report for the sink and/or the reply the watch waits for. */
export interface DecodedWatchFrame {
  /** The frame type (`LK`, `UD2`, `AL_LTE`, ...). */
  type: string;
  report?: DeviceReport;
  /** Content of the reply frame, sent only when the sink knows the device (as Traccar does). */
  reply?: string;
}

/** Types carrying escaped binary data (voice, photos); never parsed as text. */
const BINARY_TYPES = new Set(['TK', 'TK2', 'JXTK', 'img']);

/**
 * `JXTK,0,<name>,<part>,<total>,<escaped AMR>`: one chunk of a voice message. The watch resends a
 * chunk until it gets `JXTKR,1` (Traccar answers every chunk so); the audio is not kept. Only the
 * text before the fourth comma is read: the chunk itself is binary. The frame is a sign of life,
 * so it is a heartbeat (the sink also says whether the watch is known, which the reply needs).
 */
function voiceChunkAttributes(content: Buffer, comma: number): Record<string, number> {
  let end = comma;
  for (let count = 0; count < 4 && end >= 0; count += 1) end = content.indexOf(0x2c, end + 1);
  const [, , part, total] = content
    .toString('latin1', comma + 1, end < 0 ? Math.min(content.length, comma + 64) : end)
    .split(',');
  const attributes: Record<string, number> = {};
  const partNumber = numberField(part);
  const totalNumber = numberField(total);
  if (partNumber !== undefined) attributes.voicePart = partNumber;
  if (totalNumber !== undefined) attributes.voiceParts = totalNumber;
  return attributes;
}

function report(
  frame: WatchFrame,
  receivedAt: Date,
  kind: DeviceReportKind,
  parts: Partial<Pick<DeviceReport, 'position' | 'battery' | 'cells' | 'wifis' | 'alarms' | 'attributes'>> & {
    deviceTime?: Date;
    deviceTimeText?: string;
  } = {},
): DeviceReport {
  const time = saneDeviceTime(parts.deviceTime, receivedAt, parts.deviceTimeText);
  const attributes = { ...parts.attributes };
  if (time.originalDeviceTime) attributes.originalDeviceTime = time.originalDeviceTime;
  if (frame.manufacturer) attributes.manufacturer = frame.manufacturer;
  return {
    deviceIdentifier: frame.deviceId,
    protocol: 'watch',
    deviceTime: time.deviceTime,
    receivedAt: receivedAt.toISOString(),
    ...(time.old ? { old: true } : {}),
    kind,
    ...(parts.position ? { position: parts.position } : {}),
    ...(parts.battery ? { battery: parts.battery } : {}),
    cells: parts.cells ?? [],
    wifis: parts.wifis ?? [],
    alarms: parts.alarms ?? [],
    attributes,
  };
}

function locationReport(frame: WatchFrame, fields: string[], receivedAt: Date, kind: 'position' | 'alarm') {
  const location = parseWatchLocation(fields);
  // Alarms come only from AL frames: the watch repeats those until acknowledged, while a UD
  // frame's status bits may still show an alarm that was already reported.
  const alarms = kind === 'alarm' ? location.statusAlarms : [];
  return report(frame, receivedAt, kind, {
    deviceTime: location.deviceTime,
    deviceTimeText: location.deviceTimeText,
    position: location.position,
    battery: location.batteryPercent !== undefined ? { percent: location.batteryPercent } : undefined,
    cells: location.cells,
    wifis: location.wifis,
    alarms: kind === 'alarm' && alarms.length === 0 ? ['general'] : alarms,
    attributes: location.attributes,
  });
}

/** `KEY:value` pairs of a CONFIG frame (`TY:G75,UL:600,...`), numbers as numbers. */
function configAttributes(fields: string[]): Record<string, string | number> {
  const attributes: Record<string, string | number> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    const value = field.slice(colon + 1).trim();
    attributes[`config.${field.slice(0, colon).trim()}`] = numberField(value) ?? value;
  }
  return attributes;
}

/** Health readings become heartbeats with named attributes. */
function healthAttributes(type: string, fields: string[]): Record<string, number> | undefined {
  const values = fields.map(numberField);
  const named = (names: string[]) =>
    Object.fromEntries(
      names.flatMap((name, index) => (values[index] !== undefined && name ? [[name, values[index]!]] : [])),
    );
  switch (type) {
    case 'PULSE':
    case 'heart':
      return named(['heartRate']);
    case 'bphrt':
      return named(['systolic', 'diastolic', 'heartRate']);
    case 'BLOOD':
      return named(['systolic', 'diastolic']);
    case 'oxygen':
      return named(['', 'spo2']);
    case 'TEMP':
      return named(['temperature']);
    case 'btemp2':
      return named(['temperatureMode', 'temperature']);
    default:
      return undefined;
  }
}

/** Vendor replies to health readings that stop the watch repeating them. */
const HEALTH_REPLIES: Record<string, string> = { bphrt: 'bphrt', btemp2: 'btemp2' };

/**
 * Decodes one frame. Never throws: a frame that does not parse still gives the reply its type
 * demands (an unanswered LK or AL makes the watch retry and eventually reboot).
 */
export function decodeWatchFrame(frame: WatchFrame, receivedAt: Date): DecodedWatchFrame {
  const comma = frame.content.indexOf(0x2c);
  const type = frame.content.toString('latin1', 0, comma < 0 ? frame.content.length : comma);
  if (type === 'JXTK') {
    const attributes = voiceChunkAttributes(frame.content, comma);
    return { type, reply: 'JXTKR,1', report: report(frame, receivedAt, 'heartbeat', { attributes }) };
  }
  if (BINARY_TYPES.has(type)) return { type };
  // NUL bytes become U+FFFD, as invalid UTF-8 already does: NUL is never text in this ASCII
  // protocol, PostgreSQL refuses it, and a hidden network's SSID may arrive as NUL padding, which
  // must not cost an alarm frame its place. A field it spoils is dropped like any malformed field.
  const fields =
    comma < 0
      ? []
      : frame.content
          .toString('utf8', comma + 1)
          .replaceAll('\u0000', '\uFFFD')
          .split(',');

  if (type === 'LK') {
    // `LK,steps,rolls,battery`; the short `LK` carries nothing.
    const [steps, rolls, battery] = fields.map(numberField);
    const attributes: Record<string, number> = {};
    if (steps !== undefined) attributes.steps = steps;
    if (rolls !== undefined) attributes.rolls = rolls;
    return {
      type,
      reply: 'LK',
      report: report(frame, receivedAt, 'heartbeat', {
        attributes,
        battery: battery !== undefined && battery >= 0 && battery <= 100 ? { percent: battery } : undefined,
      }),
    };
  }
  if (type.startsWith('AL'))
    return { type, reply: 'AL', report: locationReport(frame, fields, receivedAt, 'alarm') };
  if (type.startsWith('UD') || type === 'WT') {
    return { type, report: locationReport(frame, fields, receivedAt, 'position') };
  }
  if (type === 'CONFIG') {
    return {
      type,
      reply: 'CONFIG,1',
      report: report(frame, receivedAt, 'config', { attributes: configAttributes(fields) }),
    };
  }
  if (type === 'INIT') {
    return {
      type,
      reply: 'INIT,1',
      report: report(frame, receivedAt, 'heartbeat', { attributes: { init: true } }),
    };
  }
  if (type === 'TKQ' || type === 'TKQ2') {
    return { type, reply: type, report: report(frame, receivedAt, 'heartbeat') };
  }
  const health = healthAttributes(type, fields);
  if (health) {
    return {
      type,
      reply: HEALTH_REPLIES[type],
      report: report(frame, receivedAt, 'heartbeat', { attributes: health }),
    };
  }
  // Command echoes (`CR`, `UPLOAD`, ...) are acknowledgements, and unknown types carry nothing we use.
  return { type };
}
