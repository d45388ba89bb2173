/**
 * `npm run simulate -- [options]`: drives N watches along walks around their citizens' geofences,
 * over OsmAnd HTTP, the 3G watch TCP protocol, MQTT or a mix. See README "Simulator".
 */
import { parseArgs } from 'node:util';
import { DEMO_DEVICE_SECRET, fetchDevices, type SimulatedDevice } from './devices';
import { startFleet, type FleetProtocol } from './fleet';
import { SIMULATOR_PROTOCOLS } from './protocols/report-client';

const USAGE = `Usage: npm run simulate -- [options]
  --server <url>        the Homeward server (default http://localhost:3000)
  --devices <n>         how many watches (default 3)
  --protocol <p>        osmand | watch | mqtt | mixed (default osmand)
  --imei <imei>         simulate this watch (repeatable); default: the watches --user sees
  --user <name>         demo account that lists the watches (default caregiver)
  --password <text>     its password (default the demo password)
  --interval <seconds>  seconds between one watch's reports (default 10)
  --seed <n>            seed of the walks (default 1)
  --watch-port <port>   3G watch TCP gateway port (default 5093)
  --osmand-url <url>    OsmAnd endpoint (default <server>/api/gateway/osmand)
  --mqtt-url <url>      MQTT broker (default mqtt://<server host>:1883)
  --mqtt-secret <text>  the watches' MQTT secret (default the demo watches' secret)
  --sos <p>             chance per report of an SOS press (default 0.002)
  --wander <p>          chance per report of wandering out of the fence (default 0.01)
  --duration <seconds>  stop after this long (default: until Ctrl+C)`;

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://localhost:3000' },
    devices: { type: 'string', default: '3' },
    protocol: { type: 'string', default: 'osmand' },
    imei: { type: 'string', multiple: true },
    user: { type: 'string', default: 'caregiver' },
    password: { type: 'string' },
    interval: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    'watch-port': { type: 'string', default: '5093' },
    'osmand-url': { type: 'string' },
    'mqtt-url': { type: 'string' },
    'mqtt-secret': { type: 'string', default: DEMO_DEVICE_SECRET },
    sos: { type: 'string', default: '0.002' },
    wander: { type: 'string', default: '0.01' },
    duration: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function numberOption(name: string, text: string, min: number, max = Infinity): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max)
    fail(`--${name} must be a number from ${min} to ${max}`);
  return value;
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const protocol = values.protocol as FleetProtocol;
if (![...SIMULATOR_PROTOCOLS, 'mixed'].includes(protocol))
  fail(`--protocol must be osmand, watch, mqtt or mixed`);
const server = values.server.replace(/\/+$/, '');
const host = new URL(server).hostname;
const count = numberOption('devices', values.devices, 1, 10_000);
const intervalSeconds = numberOption('interval', values.interval, 1);

const devices: SimulatedDevice[] = values.imei
  ? values.imei.map((imei) => ({ imei, name: imei, geofence: null }))
  : await fetchDevices(server, { username: values.user, password: values.password }, count);
if (devices.length === 0) fail(`${values.user} sees no watches on ${server}`);

const fleet = startFleet({
  devices,
  protocol,
  seed: numberOption('seed', values.seed, 0),
  walk: {
    intervalSeconds,
    sosProbability: numberOption('sos', values.sos, 0, 1),
    wanderProbability: numberOption('wander', values.wander, 0, 1),
  },
  targets: {
    osmandUrl: values['osmand-url'] ?? `${server}/api/gateway/osmand`,
    watch: { host, port: numberOption('watch-port', values['watch-port'], 1, 65535) },
    mqtt: {
      url: values['mqtt-url'] ?? `mqtt://${host}:1883`,
      secretOf: () => values['mqtt-secret'],
    },
  },
  onReport: (device, via, fix) =>
    console.log(
      `${fix.at.toISOString()} ${device.name} (${device.imei}) ${via}: ${fix.lat.toFixed(5)},${fix.lon.toFixed(5)} ±${fix.accuracyMeters} m, battery ${fix.batteryPercent}%${fix.charging ? ' charging' : ''}${fix.sos ? ' SOS' : ''}`,
    ),
  onError: (device, error) => console.error(`${device.name} (${device.imei}): ${error.message}`),
});
console.log(`Simulating ${devices.length} watch(es) over ${protocol} against ${server}; Ctrl+C stops.`);

const stop = async () => {
  await fleet.stop();
  const { sent, failed } = fleet.counts();
  console.log(`Stopped: ${sent} reports sent, ${failed} failed.`);
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
if (values.duration) setTimeout(() => void stop(), numberOption('duration', values.duration, 1) * 1000);
// Keep the process alive: the fleet's timers do not hold it open.
setInterval(() => undefined, 60_000);
