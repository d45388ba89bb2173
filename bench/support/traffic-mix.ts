/**
 * The realistic traffic of bench:ingest's mixed phase (issue 22), over the watch protocol (the one
 * that carries Wi-Fi lists): of every 100 reports, 20 carry a Wi-Fi list and 1 raises an SOS alarm
 * (an `AL` frame with the SOS status bit); the rest are plain `UD` positions. Half the Wi-Fi
 * reports come from indoors, without a fix (`V`, the last coordinates repeated), hearing the
 * citizen's home access point, which the tenant trusts and has placed, beside a neighbour's
 * unknown one: the server places them by Wi-Fi. The other half come from outdoors with a GPS fix,
 * hearing an automatic network near home (its bounds grow with the fixes) and an unknown one.
 *
 * `seedWifiNetworks` adds the networks to the fleet's tenant (as the database owner, before the
 * measured server starts): per watch, its home access point (trusted, manual, at home) and the
 * automatic network (unknown trust, bounds of a few metres around home).
 */
import pg from 'pg';
import { watchFrame, watchLocationContent } from '@homeward/simulator';
import { homeOf, walkPoint, type FleetDevice, type ReportSequence } from './fleet';
import type { SeededFleet } from './fleet-seed';

/** Reports of every hundred: 20 with Wi-Fi (10 indoors, 10 outdoors), 1 SOS. */
export const WIFI_SHARE = 0.2;
export const ALARM_SHARE = 0.01;

const hex = (value: number) => value.toString(16).padStart(2, '0');
/** A locally administered MAC per watch: `prefix` tells the home, automatic and unknown ones apart. */
function macOf(prefix: number, index: number): string {
  return [prefix, 0, (index >>> 24) & 255, (index >>> 16) & 255, (index >>> 8) & 255, index & 255]
    .map(hex)
    .join(':')
    .toUpperCase();
}
const homeMac = (index: number) => macOf(0x02, index);
const automaticMac = (index: number) => macOf(0x06, index);
const unknownMac = (index: number) => macOf(0x0a, index);

/** The home (trusted) and automatic networks of every watch of the fleet: two rows a watch. */
export async function seedWifiNetworks(databaseUrl: string, fleet: SeededFleet): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const chunk = 5000;
    let rows = 0;
    for (let start = 0; start < fleet.devices.length; start += chunk) {
      const indexes = fleet.devices.slice(start, start + chunk).map((device) => device.index);
      const homes = indexes.map(homeOf);
      const around = 0.00005;
      await client.query(
        `insert into wifi_networks (id, tenant_id, mac_address, ssid, type, trust_level, latitude, longitude,
           min_latitude, max_latitude, min_longitude, max_longitude)
         select gen_random_uuid(), $1, mac, ssid, type, trust, lat, lon, min_lat, max_lat, min_lon, max_lon
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[],
           $8::float8[], $9::float8[], $10::float8[], $11::float8[])
           as t(mac, ssid, type, trust, lat, lon, min_lat, max_lat, min_lon, max_lon)`,
        [
          fleet.tenantId,
          [...indexes.map(homeMac), ...indexes.map(automaticMac)],
          [...indexes.map((index) => `Home ${index}`), ...indexes.map(() => 'Street')],
          [...indexes.map(() => 'manual'), ...indexes.map(() => 'automatic')],
          [...indexes.map(() => 'trusted'), ...indexes.map(() => 'unknown')],
          [...homes.map((home) => home.lat), ...homes.map((home) => home.lat)],
          [...homes.map((home) => home.lon), ...homes.map((home) => home.lon)],
          [...homes.map(() => null), ...homes.map((home) => home.lat - around)],
          [...homes.map(() => null), ...homes.map((home) => home.lat + around)],
          [...homes.map(() => null), ...homes.map((home) => home.lon - around)],
          [...homes.map(() => null), ...homes.map((home) => home.lon + around)],
        ],
      );
      rows += indexes.length * 2;
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** What the mixed phase sent, by kind. */
export interface MixCounts {
  plain: number;
  indoorWifi: number;
  outdoorWifi: number;
  sos: number;
}

/**
 * The next frame of a watch in the mix, decided by a running count (so the shares are exact over
 * any hundred reports): slot 0 of each hundred is SOS, slots 1–20 carry Wi-Fi, odd ones indoors.
 * The watches take turns, so the slots shift by 37 each round: every watch gets every kind in turn.
 */
export function mixedFrames(watches: number) {
  const counts: MixCounts = { plain: 0, indoorWifi: 0, outdoorWifi: 0, sos: 0 };
  let sent = 0;
  const frame = (watch: FleetDevice, sequence: ReportSequence): Buffer => {
    const slot = (sent + Math.floor(sent / watches) * 37) % 100;
    sent += 1;
    if (slot < ALARM_SHARE * 100) {
      counts.sos += 1;
      return watchFrame(watch.imei, watchLocationContent(sequence.next(watch.index, true)));
    }
    const fix = sequence.next(watch.index);
    const fields = watchLocationContent(fix).split(',');
    if (slot > WIFI_SHARE * 100) {
      counts.plain += 1;
      return watchFrame(watch.imei, fields.join(','));
    }
    // The last three fields: cell count, Wi-Fi count (0), accuracy.
    const accuracy = fields.pop()!;
    fields.pop();
    const indoors = slot % 2 === 1;
    const heard = indoors
      ? [`Home ${watch.index},${homeMac(watch.index)},-48`, `Neighbour,${unknownMac(watch.index)},-81`]
      : [`Street,${automaticMac(watch.index)},-70`, `Car,${unknownMac(watch.index)},-85`];
    if (indoors) {
      counts.indoorWifi += 1;
      // No fix indoors: the watch repeats the coordinates it last had, flagged V.
      const { point } = walkPoint(watch.index, 0);
      fields[3] = 'V';
      fields[4] = point.lat.toFixed(6);
      fields[6] = point.lon.toFixed(6);
    } else {
      counts.outdoorWifi += 1;
    }
    fields.push(String(heard.length), ...heard, accuracy);
    return watchFrame(watch.imei, fields.join(','));
  };
  return { frame, counts };
}
