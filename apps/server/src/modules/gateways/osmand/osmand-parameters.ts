import type { DeviceCell, DeviceReport, DeviceWifi } from '@homeward/contracts';
import { deviceAlarmOf } from '../device-alarm-names';
import { saneDeviceTime } from '../device-time';

/**
 * The OsmAnd query/form format (Traccar Client, notes §2.2): one report from URL or form parameters.
 * Throws OsmAndInputError with a message for the client on input that cannot be meant as a report.
 */
export class OsmAndInputError extends Error {
  override name = 'OsmAndInputError';
}

/** Largest epoch in seconds Traccar accepts as seconds; larger integers are milliseconds. */
const EPOCH_SECONDS_LIMIT = 2_147_483_647;
export const MAX_ATTRIBUTES = 64;
const MAX_ATTRIBUTE_LENGTH = 512;
const MAX_CELLS = 32;
const MAX_WIFIS = 64;

/** Keys the decoder reads itself; everything else becomes an attribute. */
const KNOWN_KEYS = new Set([
  'id',
  'deviceid',
  'timestamp',
  'lat',
  'lon',
  'location',
  'valid',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'batt',
  'charge',
  'cell',
  'wifi',
  'alarm',
]);

/** A key safe to store as an attribute name (never one that would touch an object's prototype). */
export function isAttributeName(key: string): boolean {
  return key.length > 0 && key.length <= 64 && !['__proto__', 'constructor', 'prototype'].includes(key);
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function numberOf(name: string, text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!NUMBER.test(trimmed) || !Number.isFinite(value))
    throw new OsmAndInputError(`${name} must be a number`);
  return value;
}

function optionalNumber(params: URLSearchParams, ...names: string[]): number | undefined {
  for (const name of names) {
    const text = params.get(name);
    if (text !== null && text.trim() !== '') return numberOf(name, text);
  }
  return undefined;
}

/**
 * `timestamp`: integer epoch seconds (below 2^31) or milliseconds; ISO-8601 with `T`; or
 * `yyyy-MM-dd HH:mm:ss`, read as UTC (Traccar uses its server's zone; Homeward servers run in UTC).
 */
export function parseOsmAndTimestamp(text: string): Date {
  let trimmed = text.trim();
  if (/^\d{1,15}$/.test(trimmed)) {
    const value = Number(trimmed);
    return new Date(value < EPOCH_SECONDS_LIMIT ? value * 1000 : value);
  }
  // An unescaped `+` in a query string arrives as a space: `...T10:00:00 02:00` meant `+02:00`.
  trimmed = trimmed.replace(/(T\d\d:\d\d(?::\d\d(?:\.\d+)?)?) (\d\d:?\d\d)$/, '$1+$2');
  const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/i.exec(trimmed);
  const plain = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(trimmed);
  if (iso || plain) {
    const zoned = iso ? (iso[3] ? trimmed : `${trimmed}Z`) : `${trimmed.replace(' ', 'T')}Z`;
    const value = new Date(zoned.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
    if (!Number.isNaN(value.getTime())) return value;
  }
  throw new OsmAndInputError(
    'timestamp must be epoch seconds, epoch milliseconds, ISO-8601 or yyyy-MM-dd HH:mm:ss',
  );
}

function booleanOf(text: string): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

function cellOf(text: string): DeviceCell {
  const parts = text.split(',').map((part) => part.trim());
  if (
    (parts.length !== 4 && parts.length !== 5) ||
    !parts.slice(0, 4).every((part) => /^\d{1,10}$/.test(part))
  ) {
    throw new OsmAndInputError('cell must be mcc,mnc,lac,cid[,rssi] with integer values');
  }
  const [mcc, mnc, lac, cid] = parts.slice(0, 4).map(Number) as [number, number, number, number];
  const rssi = parts[4] ? numberOf('cell rssi', parts[4]) : undefined;
  return { mcc, mnc, lac, cid, ...(rssi !== undefined ? { rssi } : {}) };
}

function wifiOf(text: string): DeviceWifi {
  const [macText = '', rssiText = ''] = text.split(',');
  const mac = macText.trim().toLowerCase().replaceAll('-', ':');
  if (!/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/.test(mac)) throw new OsmAndInputError('wifi must be mac,rssi');
  return { mac, rssi: numberOf('wifi rssi', rssiText) };
}

export function attributeValueOf(text: string): string | number | boolean {
  const trimmed = text.trim();
  if (NUMBER.test(trimmed) && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  return text.slice(0, MAX_ATTRIBUTE_LENGTH);
}

function positionOf(params: URLSearchParams): DeviceReport['position'] {
  let latText = params.get('lat');
  let lonText = params.get('lon');
  const location = params.get('location');
  if ((latText === null || lonText === null) && location !== null) {
    [latText = null, lonText = null] = location.split(',');
  }
  if (latText === null && lonText === null) return undefined;
  if (latText === null || lonText === null) throw new OsmAndInputError('lat and lon must come together');
  const lat = numberOf('lat', latText);
  const lon = numberOf('lon', lonText);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw new OsmAndInputError('lat must be within ±90 and lon within ±180');
  }
  const valid = params.get('valid');
  const position: NonNullable<DeviceReport['position']> = {
    lat,
    lon,
    valid: valid === null || booleanOf(valid) === true,
  };
  const speed = optionalNumber(params, 'speed');
  const bearing = optionalNumber(params, 'bearing', 'heading');
  const altitude = optionalNumber(params, 'altitude');
  const accuracy = optionalNumber(params, 'accuracy');
  const hdop = optionalNumber(params, 'hdop');
  // Negative speed, bearing or accuracy is the clients' way of saying "unknown".
  if (speed !== undefined && speed >= 0) position.speedKnots = speed;
  if (bearing !== undefined && bearing >= 0 && bearing <= 360) position.bearing = bearing;
  if (altitude !== undefined) position.altitude = altitude;
  if (accuracy !== undefined && accuracy >= 0) position.accuracyMeters = accuracy;
  if (hdop !== undefined && hdop >= 0) position.hdop = hdop;
  return position;
}

/** Decodes one report from query or form parameters. */
export function decodeOsmAndParameters(params: URLSearchParams, receivedAt: Date): DeviceReport {
  const deviceIdentifier = (params.get('id') ?? params.get('deviceid') ?? '').trim();
  if (!deviceIdentifier) throw new OsmAndInputError('id (or deviceid) is required');
  if (deviceIdentifier.length > 64) throw new OsmAndInputError('id must be at most 64 characters');

  const timestamp = params.get('timestamp');
  const time = saneDeviceTime(
    timestamp === null || timestamp.trim() === '' ? undefined : parseOsmAndTimestamp(timestamp),
    receivedAt,
    timestamp ?? undefined,
  );
  const position = positionOf(params);

  const batt = optionalNumber(params, 'batt');
  const charge = params.get('charge');
  const charging = charge === null ? undefined : booleanOf(charge);
  const battery =
    batt !== undefined && batt >= 0
      ? { percent: Math.min(batt, 100), ...(charging !== undefined ? { charging } : {}) }
      : undefined;

  const cells = params.getAll('cell').slice(0, MAX_CELLS).map(cellOf);
  const wifis = params.getAll('wifi').slice(0, MAX_WIFIS).map(wifiOf);
  const alarms = [
    ...new Set(
      params
        .getAll('alarm')
        .filter((name) => name.trim())
        .map(deviceAlarmOf),
    ),
  ];

  const attributes: DeviceReport['attributes'] = {};
  for (const [key, value] of params) {
    if (KNOWN_KEYS.has(key) || !isAttributeName(key) || Object.keys(attributes).length >= MAX_ATTRIBUTES)
      continue;
    attributes[key] = attributeValueOf(value);
  }
  const alarmText = params.get('alarm');
  if (alarms.includes('general') && alarmText) attributes.alarm = alarmText.slice(0, MAX_ATTRIBUTE_LENGTH);
  if (time.originalDeviceTime) attributes.originalDeviceTime = time.originalDeviceTime;

  return {
    deviceIdentifier,
    protocol: 'osmand',
    deviceTime: time.deviceTime,
    receivedAt: receivedAt.toISOString(),
    ...(time.old ? { old: true } : {}),
    kind: alarms.length > 0 ? 'alarm' : position ? 'position' : 'heartbeat',
    ...(position ? { position } : {}),
    ...(battery ? { battery } : {}),
    cells,
    wifis,
    alarms,
    attributes,
  };
}
