import type { GeofenceGeometry } from '@homeward/contracts';
import type { Fix } from '@homeward/simulator';
import { apiRequest } from './accounts';

const randomDigits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** A 15-digit IMEI with a valid Luhn check digit, new on every call. */
export function randomImei(): string {
  const body = `35${randomDigits(12)}`;
  const sum = [...body].reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export interface StockWatch {
  id: string;
  name: string;
  imei: string;
  /** The activation code printed on its box (`ABCDE-FGH23`). */
  activationCode: string;
}

/**
 * A watch staff register in the seller's stock through the API (`staffToken` may create devices
 * and read activation codes), in the first of their organizations, with the code on its box as
 * staff read it back. New on every call, so no other journey's watch is touched.
 */
export async function registerStockWatch(
  baseUrl: string,
  staffToken: string,
  name: string,
): Promise<StockWatch> {
  const organizations = (await (
    await apiRequest(baseUrl, '/api/organizations?maxResultCount=1', { token: staffToken })
  ).json()) as { items: { id: string }[] };
  const imei = randomImei();
  const created = (await (
    await apiRequest(baseUrl, '/api/devices', {
      method: 'POST',
      token: staffToken,
      body: JSON.stringify({ name, imei, organizationId: organizations.items[0]!.id }),
    })
  ).json()) as { id: string };
  const code = (await (
    await apiRequest(baseUrl, `/api/devices/${created.id}/activation-code`, { token: staffToken })
  ).json()) as { activationCode: string };
  return { id: created.id, name, imei, activationCode: code.activationCode };
}

/** Device times one second apart, never behind the clock: each fix is newer than the last. */
export function deviceClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(last + 1000, Math.floor(Date.now() / 1000) * 1000);
    return new Date(last);
  };
}

/** A good fix (10 m accuracy, walking pace, battery fine) at `place`. */
export const fixAt = (at: Date, place: { lat: number; lon: number }): Fix => ({
  at,
  ...place,
  accuracyMeters: 10,
  speedMps: 1.2,
  bearing: 0,
  batteryPercent: 80,
  charging: false,
  sos: false,
});

/**
 * A point well inside a polygon geofence (the mean of its corners) and one about two kilometres
 * north of it: one fix at either decides the fence, clear of its edge by far more than the fix's
 * accuracy.
 */
export function insideAndOutside(geometry: GeofenceGeometry) {
  if (geometry.kind !== 'polygon') throw new Error(`a polygon geofence is needed, not a ${geometry.kind}`);
  const corners = geometry.polygon.coordinates[0]!.slice(0, -1);
  const inside = {
    lat: corners.reduce((sum, [, lat]) => sum + lat!, 0) / corners.length,
    lon: corners.reduce((sum, [lon]) => sum + lon!, 0) / corners.length,
  };
  const outside = { lat: Math.max(...corners.map(([, lat]) => lat!)) + 0.02, lon: inside.lon };
  return { inside, outside };
}

/**
 * Connects a stock watch to the household of the owner holding `ownerToken`, with the IMEI and the
 * code from its box, through the API the plug-and-play "Connect watch" dialog calls. For journeys
 * that need a connected watch only as a precondition; the plug-and-play journey connects one on
 * screen.
 */
export async function connectStockWatch(
  baseUrl: string,
  ownerToken: string,
  watch: StockWatch,
  name: string,
): Promise<{ id: string; name: string }> {
  const response = await apiRequest(baseUrl, '/api/device-connection', {
    method: 'POST',
    token: ownerToken,
    body: JSON.stringify({ imei: watch.imei, activationCode: watch.activationCode, name }),
  });
  return (await response.json()) as { id: string; name: string };
}
