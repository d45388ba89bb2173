import type { Citizen, DeviceList, GeofenceGeometry } from '@homeward/contracts';
import { demoAccessToken } from './demo-sign-in';

/** The MQTT secret of every demo watch (seeded with the demo data; README "Demo data and logins"). */
export const DEMO_DEVICE_SECRET = 'homeward-demo-watch';

/** A watch to simulate: its IMEI and the fence it lives in (null: near Aarhus, no fence). */
export interface SimulatedDevice {
  imei: string;
  name: string;
  geofence: GeofenceGeometry | null;
}

/** Where a watch with no fence walks: central Aarhus, where the demo fences are. */
export const DEFAULT_HOME: GeofenceGeometry = {
  kind: 'circle',
  center: { lat: 56.1567, lon: 10.2014 },
  radiusMeters: 300,
};

async function getJson<T>(baseUrl: string, token: string, url: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The watches a signed-in user sees (`GET /api/devices`, the first `limit`), each with the first
 * geofence of the citizen wearing it (`GET /api/citizens/:id`), through the password grant of the
 * `branded` client: no administrator token is needed, the demo caregiver will do. Worn watches come first.
 */
export async function fetchDevices(
  baseUrl: string,
  credentials: { username: string; password?: string },
  limit: number,
): Promise<SimulatedDevice[]> {
  const token = await demoAccessToken(baseUrl, credentials.username, credentials.password);
  const list = await getJson<DeviceList>(baseUrl, token, `/api/devices?maxResultCount=1000&sorting=name`);
  const worn = [...list.items].sort((a, b) => Number(b.citizenId !== null) - Number(a.citizenId !== null));
  const chosen = worn.slice(0, limit);
  const fences = new Map<string, GeofenceGeometry | null>();
  for (const citizenId of new Set(chosen.flatMap((device) => device.citizenId ?? []))) {
    const citizen = await getJson<Citizen>(baseUrl, token, `/api/citizens/${citizenId}`).catch(() => null);
    fences.set(citizenId, citizen?.geofences[0]?.geometry ?? null);
  }
  return chosen.map((device) => ({
    imei: device.imei,
    name: device.name,
    geofence: device.citizenId ? (fences.get(device.citizenId) ?? null) : null,
  }));
}
