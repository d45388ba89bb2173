/**
 * What the machine's HTTP stack can carry at all, as context for the pipeline/raw ratio: the same
 * load generator as the OsmAnd load (same client, same connections, same query strings) against a
 * bare `node:http` server in its own process that reads each request and answers 200 with an
 * empty body: no routing, no parsing, no database. Whatever an HTTP gateway does on top of that
 * can only lower the rate, so this rate bounds every HTTP gateway measured on this machine.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { FleetDevice, ReportSequence } from './fleet';
import { osmandPoster } from './osmand-load';
import { sleep } from './report-counters';

const BARE_SERVER = `
const server = require('node:http').createServer((request, response) => {
  request.resume();
  request.on('end', () => response.end());
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

export interface HttpCeilingOptions {
  devices: FleetDevice[];
  sequence: ReportSequence;
  connections: number;
  warmupS: number;
  durationS: number;
}

/** Answers per second of the bare server over `durationS`, after `warmupS` of the same load. */
export async function measureHttpCeiling(options: HttpCeilingOptions): Promise<number> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const poster = osmandPoster({ url: `http://127.0.0.1:${Number(line)}`, path: '/' }, options.connections);
    let answered = 0;
    let running = true;
    let next = 0;
    const loops = Array.from({ length: options.connections }, async () => {
      while (running) {
        const index = next++ % options.devices.length;
        const status = await poster
          .post(options.devices[index]!.imei, options.sequence.next(index))
          .catch(() => 0);
        if (status === 200) answered += 1;
      }
    });
    await sleep(options.warmupS * 1000);
    const first = answered;
    const startedAt = performance.now();
    await sleep(options.durationS * 1000);
    const perSecond = (answered - first) / ((performance.now() - startedAt) / 1000);
    running = false;
    await Promise.all(loops);
    poster.close();
    return perSecond;
  } finally {
    child.kill();
  }
}
