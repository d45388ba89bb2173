import type { RealtimeEvent, RealtimeServerMessage } from '@homeward/contracts';
import WebSocket from 'ws';

/** A valid IMEI: the 14 digits of `body`, then the Luhn check digit (GSMA TS.06). */
export function imeiOf(body: number): string {
  const digits = String(body).padStart(14, '0').slice(0, 14);
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(digits[13 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** POSTs JSON with the bearer token; any answer of 300 or more stops the bench with its body. */
export async function postJson(baseUrl: string, token: string, url: string, body: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/**
 * Registers `count` watches in a new organization unit of the caller's tenant with one CSV batch,
 * as an administrator would; returns each watch's IMEI and id.
 */
export async function registerBenchWatches(
  baseUrl: string,
  token: string,
  options: { count: number; label: string; imeiBase: number },
): Promise<{ imei: string; id: string }[]> {
  const unitName = `${options.label} ${Date.now()}`;
  await postJson(baseUrl, token, '/api/identity/organization-units', {
    displayName: unitName,
    parentId: null,
  });
  const imeis = Array.from({ length: options.count }, (_, index) => imeiOf(options.imeiBase + index));
  const csv = [
    'imei;name;organization',
    ...imeis.map((each, index) => `${each};${options.label} ${index};${unitName}`),
  ];
  const result = (await postJson(baseUrl, token, '/api/devices/batch', { csv: csv.join('\n') })) as {
    created: number;
    rows: { imei: string; deviceId: string | null }[];
  };
  if (result.created !== options.count) {
    const refused = result.rows.find((row) => row.deviceId === null);
    throw new Error(`seeded ${result.created} of ${options.count} watches: ${JSON.stringify(refused)}`);
  }
  return result.rows.map((row) => ({ imei: row.imei, id: row.deviceId! }));
}

/** A signed-in dashboard's realtime connection; `onEvent` gets every event it is sent. */
export async function openRealtime(
  baseUrl: string,
  token: string,
  onEvent: (event: RealtimeEvent) => void,
): Promise<WebSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', accessToken: token })));
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as RealtimeServerMessage;
      if (message.type === 'ready') resolve();
      if (message.type === 'error') reject(new Error(`realtime refused: ${message.code}`));
      if (message.type === 'events') for (const event of message.events) onEvent(event);
    });
  });
  return socket;
}
