import type { Fix } from '../walk-model';
import type { ReportClient } from './report-client';

const KNOTS_PER_MPS = 3600 / 1852;

/** The OsmAnd (Traccar Client) query of one fix: epoch seconds, knots, `alarm=sos` on a press. */
export function osmandQuery(imei: string, fix: Fix): string {
  const params = new URLSearchParams({
    id: imei,
    timestamp: String(Math.floor(fix.at.getTime() / 1000)),
    lat: fix.lat.toFixed(7),
    lon: fix.lon.toFixed(7),
    accuracy: String(fix.accuracyMeters),
    speed: (fix.speedMps * KNOTS_PER_MPS).toFixed(2),
    bearing: fix.bearing.toFixed(1),
    batt: String(fix.batteryPercent),
    charge: String(fix.charging),
  });
  if (fix.sos) params.append('alarm', 'sos');
  return params.toString();
}

/**
 * Reports over OsmAnd HTTP: `url` is the app's `/api/gateway/osmand` or the standalone gateway
 * (`http://host:5055/`). A refused report (not 200) throws with the server's answer.
 */
export function osmandClient(url: string, imei: string): ReportClient {
  return {
    protocol: 'osmand',
    imei,
    async send(fix) {
      const response = await fetch(`${url}?${osmandQuery(imei, fix)}`, { method: 'POST' });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`OsmAnd report refused: ${response.status} ${body}`);
    },
    async close() {},
  };
}
