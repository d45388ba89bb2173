import type { DeviceReport } from '@homeward/contracts';
import { deviceAlarmOf } from '../device-alarm-names';
import { saneDeviceTime } from '../device-time';
import {
  attributeValueOf,
  decodeOsmAndParameters,
  isAttributeName,
  MAX_ATTRIBUTES,
  OsmAndInputError,
} from './osmand-parameters';

/**
 * The OsmAnd JSON format (`Content-Type: application/json`, notes §2.4): Traccar Client v9's
 * `{ device_id, location: { timestamp, coords, battery, event, extras, ... } }`. Also, leniently, a
 * flat object or an array of flat objects with the query parameters' names (the SDK's optional
 * `uploadJson` mode).
 */

const KNOTS_PER_METRE_PER_SECOND = 1.943844;
const MAX_ARRAY_REPORTS = 100;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A finite number, or undefined for absent and null; anything else is an input error. */
function numberAt(object: JsonObject, key: string, path: string): number | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new OsmAndInputError(`${path}.${key} must be a number`);
  return value;
}

function flatObjectToParameters(object: JsonObject): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(object)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (['string', 'number', 'boolean'].includes(typeof item)) params.append(key, String(item));
    }
  }
  return params;
}

function primitiveAttributes(source: unknown, into: DeviceReport['attributes']): void {
  if (!isObject(source)) return;
  for (const [key, value] of Object.entries(source)) {
    if (!isAttributeName(key) || Object.keys(into).length >= MAX_ATTRIBUTES) continue;
    if (typeof value === 'number' && Number.isFinite(value)) into[key] = value;
    else if (typeof value === 'boolean') into[key] = value;
    else if (typeof value === 'string') into[key] = attributeValueOf(value);
  }
}

function decodeLocationObject(body: JsonObject, receivedAt: Date): DeviceReport {
  const rawId = body.device_id;
  const deviceIdentifier =
    typeof rawId === 'number' ? String(rawId) : typeof rawId === 'string' ? rawId.trim() : '';
  if (!deviceIdentifier) throw new OsmAndInputError('device_id is required');
  if (deviceIdentifier.length > 64) throw new OsmAndInputError('device_id must be at most 64 characters');
  const location = body.location;
  if (!isObject(location)) throw new OsmAndInputError('location must be an object');

  let deviceTime: Date | undefined;
  if (location.timestamp !== undefined && location.timestamp !== null) {
    if (typeof location.timestamp !== 'string' || Number.isNaN(Date.parse(location.timestamp))) {
      throw new OsmAndInputError('location.timestamp must be an ISO-8601 time');
    }
    deviceTime = new Date(location.timestamp);
  }
  const time = saneDeviceTime(
    deviceTime,
    receivedAt,
    typeof location.timestamp === 'string' ? location.timestamp : undefined,
  );

  let position: DeviceReport['position'];
  if (location.coords !== undefined && location.coords !== null) {
    const coords = location.coords;
    if (!isObject(coords)) throw new OsmAndInputError('location.coords must be an object');
    const lat = numberAt(coords, 'latitude', 'location.coords');
    const lon = numberAt(coords, 'longitude', 'location.coords');
    if (lat === undefined || lon === undefined) {
      throw new OsmAndInputError('location.coords needs latitude and longitude');
    }
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      throw new OsmAndInputError('latitude must be within ±90 and longitude within ±180');
    }
    position = { lat, lon, valid: true };
    // Negative speed, heading and accuracy mean "unknown" in this format.
    const speed = numberAt(coords, 'speed', 'location.coords');
    const heading = numberAt(coords, 'heading', 'location.coords');
    const accuracy = numberAt(coords, 'accuracy', 'location.coords');
    const altitude = numberAt(coords, 'altitude', 'location.coords');
    if (speed !== undefined && speed >= 0) {
      position.speedKnots = Math.round(speed * KNOTS_PER_METRE_PER_SECOND * 100) / 100;
    }
    if (heading !== undefined && heading >= 0 && heading <= 360) position.bearing = heading;
    if (accuracy !== undefined && accuracy >= 0) position.accuracyMeters = accuracy;
    if (altitude !== undefined) position.altitude = altitude;
  }

  let battery: DeviceReport['battery'];
  if (isObject(location.battery)) {
    const level = numberAt(location.battery, 'level', 'location.battery');
    const charging = location.battery.is_charging;
    if (level !== undefined && level >= 0) {
      battery = {
        percent: Math.round(Math.min(level, 1) * 100),
        ...(typeof charging === 'boolean' ? { charging } : {}),
      };
    }
  }

  const attributes: DeviceReport['attributes'] = {};
  primitiveAttributes(location.extras, attributes);
  if (typeof location.event === 'string') attributes.event = location.event;
  if (typeof location.is_moving === 'boolean') attributes.motion = location.is_moving;
  if (typeof location.odometer === 'number' && Number.isFinite(location.odometer))
    attributes.odometer = location.odometer;
  if (typeof location.mock === 'boolean') attributes.mock = location.mock;
  if (isObject(location.activity) && typeof location.activity.type === 'string') {
    attributes.activity = location.activity.type;
  }
  if (time.originalDeviceTime) attributes.originalDeviceTime = time.originalDeviceTime;

  // `location.alarm` wins over `extras.alarm`; the client sends SOS as `alarm: sos`.
  const alarmName = typeof location.alarm === 'string' ? location.alarm : attributes.alarm;
  const alarms = typeof alarmName === 'string' && alarmName.trim() ? [deviceAlarmOf(alarmName)] : [];
  if (alarms[0] !== 'general') delete attributes.alarm;
  else attributes.alarm = String(alarmName);

  return {
    deviceIdentifier,
    protocol: 'osmand',
    deviceTime: time.deviceTime,
    receivedAt: receivedAt.toISOString(),
    ...(time.old ? { old: true } : {}),
    kind: alarms.length > 0 ? 'alarm' : position ? 'position' : 'heartbeat',
    ...(position ? { position } : {}),
    ...(battery ? { battery } : {}),
    cells: [],
    wifis: [],
    alarms,
    attributes,
  };
}

/** Decodes a parsed JSON body into its reports (one, or several for an array). */
export function decodeOsmAndJson(body: unknown, receivedAt: Date): DeviceReport[] {
  if (Array.isArray(body)) {
    if (body.length === 0) throw new OsmAndInputError('the array holds no reports');
    if (body.length > MAX_ARRAY_REPORTS)
      throw new OsmAndInputError(`at most ${MAX_ARRAY_REPORTS} reports per request`);
    return body.map((item) => {
      if (!isObject(item)) throw new OsmAndInputError('each array item must be an object');
      return decodeOsmAndParameters(flatObjectToParameters(item), receivedAt);
    });
  }
  if (!isObject(body)) throw new OsmAndInputError('the JSON body must be an object');
  if ('location' in body || 'device_id' in body) return [decodeLocationObject(body, receivedAt)];
  return [decodeOsmAndParameters(flatObjectToParameters(body), receivedAt)];
}
