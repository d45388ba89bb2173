import {
  DEVICE_ALARMS,
  WORN_ATTRIBUTE,
  type DeviceAlarm,
  type DeviceCell,
  type DevicePosition,
  type DeviceWifi,
} from '@homeward/contracts';

/**
 * The location layout shared by `UD*`, `WT` and `AL*` frames (notes §1.2): date, time, fix, lat,
 * N/S, lon, E/W, speed km/h, course, altitude, satellites, GSM signal, battery %, steps, rolls,
 * status (hex), cell count [TA, MCC, MNC, N × (LAC, CID, RSSI)], Wi-Fi count, M × (SSID, MAC, RSSI),
 * accuracy. Every field may be missing or malformed: what parses is kept, the rest is dropped.
 */
export interface WatchLocation {
  deviceTime?: Date;
  /** `ddMMyy,HHmmss` as sent, kept when the time is replaced. */
  deviceTimeText: string;
  position?: DevicePosition;
  batteryPercent?: number;
  cells: DeviceCell[];
  wifis: DeviceWifi[];
  /** Alarm bits 16–22 of the status, SOS first. */
  statusAlarms: DeviceAlarm[];
  attributes: Record<string, string | number | boolean>;
}

const KMH_PER_KNOT = 1.852;

/** A finite number from a field (leading spaces allowed), else undefined. */
export function numberField(text: string | undefined): number | undefined {
  const trimmed = text?.trim();
  if (!trimmed || !/^[-+]?\d*\.?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

function integerField(text: string | undefined): number | undefined {
  const value = numberField(text);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** `ddMMyy` + `HHmmss` in UTC, year 20yy; an impossible date gives an invalid Date. */
function parseDeviceTime(date: string | undefined, time: string | undefined): Date | undefined {
  if (date === undefined || time === undefined) return undefined;
  const d = /^(\d\d)(\d\d)(\d\d)$/.exec(date.trim());
  const t = /^(\d\d)(\d\d)(\d\d)$/.exec(time.trim());
  if (!d || !t) return new Date(Number.NaN);
  const [day, month, year] = [Number(d[1]), Number(d[2]), 2000 + Number(d[3])];
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3])];
  const value = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31 Feb into March; such a date is not what the watch meant.
  const exact =
    value.getUTCDate() === day &&
    value.getUTCMonth() === month - 1 &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return exact ? value : new Date(Number.NaN);
}

/** S and W force a negative value; otherwise the sign as sent is kept (`-33.48,N` stays negative). */
function coordinate(text: string | undefined, hemisphere: string | undefined, negative: string) {
  const value = numberField(text);
  if (value === undefined) return undefined;
  return hemisphere?.trim().toUpperCase() === negative ? -Math.abs(value) : value;
}

/** LTE firmware may send LAC/CID in hex; a value is hex only when it holds A–F (as Traccar decides). */
function cellNumber(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? '';
  if (/^[0-9]+$/.test(trimmed)) return Number(trimmed);
  if (/^[0-9a-f]+$/i.test(trimmed) && trimmed.length <= 12) return Number.parseInt(trimmed, 16);
  return undefined;
}

/** `aa:bb:cc:dd:ee:ff` in lower case, or undefined for `0`, empty or malformed MACs. */
export function normaliseMac(text: string | undefined): string | undefined {
  const mac = text?.trim().toLowerCase().replaceAll('-', ':') ?? '';
  return /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/.test(mac) ? mac : undefined;
}

/** Status bit 20: the watch was taken off the wrist (notes §1.3). */
const REMOVED_BIT = 1 << 20;

/**
 * Alarm bits 16–22 (notes §1.3). Bits 0–2 are states, not alarms (notes §3.7): bit 0, Traccar's
 * lowBattery, is the vendor's low-battery *state* and stays the `lowBatteryState` attribute; the
 * low-battery alarm is bit 17 or the battery below the threshold.
 */
const STATUS_ALARM_BITS: Record<number, DeviceAlarm> = {
  16: 'sos',
  17: 'lowBattery',
  18: 'geofenceExit',
  19: 'geofenceEnter',
  20: 'removal',
  21: 'fall',
  22: 'abnormalHeartRate',
};

/** Every alarm bit on its own (unlike Traccar's first match), ordered so SOS comes first. */
function decodeStatus(text: string | undefined, attributes: WatchLocation['attributes']): DeviceAlarm[] {
  const trimmed = text?.trim() ?? '';
  if (!/^[0-9a-f]{1,8}$/i.test(trimmed)) return [];
  const status = Number.parseInt(trimmed, 16);
  attributes.status = trimmed;
  // Low bits are states, not alarms (vendor: high 16 bits alarms, low 16 states).
  if (status & 0x1) attributes.lowBatteryState = true;
  if (status & 0x2) attributes.outsideFence = true;
  if (status & 0x4) attributes.insideFence = true;
  // Bit 4 is "no moving" per the vendor (Traccar reads it the other way round).
  if (status & 0x10) attributes.stationary = true;
  // Bit 20 set: off the wrist; clear: worn, which ends a removal incident (alarm-clearing.ts). Only
  // a status with the alarm half (more than 4 digits; old firmware sends 4) says either.
  if (trimmed.length > 4) attributes[WORN_ATTRIBUTE] = (status & REMOVED_BIT) === 0;
  const alarms = Object.entries(STATUS_ALARM_BITS)
    .filter(([bit]) => (status >>> Number(bit)) & 1)
    .map(([, alarm]) => alarm);
  return DEVICE_ALARMS.filter((alarm) => alarms.includes(alarm));
}

/** Parses the fields after the frame type (`UD,<these>`). */
export function parseWatchLocation(fields: string[]): WatchLocation {
  const attributes: WatchLocation['attributes'] = {};
  const valid = fields[2]?.trim() === 'A';
  const lat = coordinate(fields[3], fields[4], 'S');
  const lon = coordinate(fields[5], fields[6], 'W');
  let position: DevicePosition | undefined;
  // 0,0 is the firmware's "no position", never a real place.
  if (
    lat !== undefined &&
    lon !== undefined &&
    !(lat === 0 && lon === 0) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180
  ) {
    position = { lat, lon, valid };
    // In `V` frames speed, course and altitude are placeholders (often 22.0,0,-1).
    if (valid) {
      const speed = numberField(fields[7]);
      const course = numberField(fields[8]);
      const altitude = numberField(fields[9]);
      if (speed !== undefined && speed >= 0)
        position.speedKnots = Math.round((speed / KMH_PER_KNOT) * 100) / 100;
      if (course !== undefined && course >= 0 && course <= 360) position.bearing = course;
      if (altitude !== undefined) position.altitude = altitude;
    }
  }
  const satellites = integerField(fields[10]);
  if (satellites !== undefined) attributes.satellites = satellites;
  const signal = integerField(fields[11]);
  if (signal !== undefined) attributes.gsmSignal = signal;
  const battery = numberField(fields[12]);
  const steps = integerField(fields[13]);
  if (steps !== undefined) attributes.steps = steps;
  const rolls = integerField(fields[14]);
  if (rolls !== undefined) attributes.rolls = rolls;
  const statusAlarms = decodeStatus(fields[15], attributes);

  const cells: DeviceCell[] = [];
  const wifis: DeviceWifi[] = [];
  let cursor = 16;
  const cellCount = integerField(fields[cursor]);
  if (cellCount !== undefined) {
    cursor += 1;
    if (cellCount > 0) {
      const mccText = fields[cursor + 1]?.trim() ?? '';
      const mncText = fields[cursor + 2]?.trim() ?? '';
      const mcc = integerField(mccText);
      const mnc = integerField(mncText);
      cursor += 3; // TA, MCC, MNC
      for (let cell = 0; cell < cellCount && cursor + 1 < fields.length; cell += 1, cursor += 3) {
        const lac = cellNumber(fields[cursor]);
        const cid = cellNumber(fields[cursor + 1]);
        const rssi = numberField(fields[cursor + 2]);
        // FFFF (or an empty MCC/MNC) means no cell data.
        if (mcc === undefined || mnc === undefined || lac === undefined || cid === undefined) continue;
        cells.push({ mcc, mnc, lac, cid, ...(rssi !== undefined ? { rssi } : {}) });
      }
    }
    const wifiCount = integerField(fields[cursor]);
    if (wifiCount !== undefined) {
      cursor += 1;
      for (let wifi = 0; wifi < wifiCount && cursor < fields.length; wifi += 1, cursor += 3) {
        const ssid = fields[cursor]?.trim();
        const mac = normaliseMac(fields[cursor + 1]);
        const rssi = numberField(fields[cursor + 2]);
        if (mac === undefined || rssi === undefined) continue;
        wifis.push({ mac, rssi, ...(ssid ? { ssid } : {}) });
      }
      const accuracy = numberField(fields[cursor]);
      if (position && accuracy !== undefined && accuracy > 0) position.accuracyMeters = accuracy;
    }
  }

  return {
    deviceTime: parseDeviceTime(fields[0], fields[1]),
    deviceTimeText: `${fields[0] ?? ''},${fields[1] ?? ''}`,
    ...(position ? { position } : {}),
    ...(battery !== undefined && battery >= 0 && battery <= 100 ? { batteryPercent: battery } : {}),
    cells,
    wifis,
    statusAlarms,
    attributes,
  };
}
