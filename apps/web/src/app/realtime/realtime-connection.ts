import type { RealtimeEvent, RealtimeServerMessage } from '@homeward/contracts';

/** The part of the browser's WebSocket the connection uses (tests pass their own). */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
}

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

export interface RealtimeConnectionOptions {
  url: string;
  /** The current access token and tenant filter; read again at every (re)connect. */
  getAuth(): Promise<{ accessToken?: string; tenantFilter?: string }>;
  onEvents(events: RealtimeEvent[]): void;
  /** Signed in; `reconnected` is true after a dropped connection came back (refetch then). */
  onReady?(reconnected: boolean): void;
  onStatus?(status: RealtimeStatus): void;
  createSocket?(url: string): RealtimeSocket;
  /** Back-off between attempts: doubles from `initialMs` up to `maxMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Keeps one realtime WebSocket open while the user is signed in: signs in with the first message,
 * hands pushed events on, and reconnects with exponential back-off (with jitter, so a restarted
 * server is not hit by every browser at the same moment).
 */
export function startRealtimeConnection(options: RealtimeConnectionOptions): { stop(): void } {
  const createSocket =
    options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as RealtimeSocket);
  const initial = options.initialDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 30_000;
  let delay = initial;
  let stopped = false;
  let socket: RealtimeSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let everReady = false;

  const connect = async () => {
    options.onStatus?.('connecting');
    const auth = await options.getAuth();
    if (stopped) return;
    if (!auth.accessToken) return scheduleRetry();
    const current = createSocket(options.url);
    socket = current;
    current.onopen = () => {
      current.send(
        JSON.stringify({ type: 'auth', accessToken: auth.accessToken, tenantFilter: auth.tenantFilter }),
      );
    };
    current.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as RealtimeServerMessage;
      if (message.type === 'ready') {
        delay = initial;
        options.onStatus?.('open');
        options.onReady?.(everReady);
        everReady = true;
      } else if (message.type === 'events') {
        options.onEvents(message.events);
      }
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = undefined;
      options.onStatus?.('closed');
      scheduleRetry();
    };
  };

  const scheduleRetry = () => {
    if (stopped) return;
    const wait = delay * (0.75 + Math.random() * 0.5);
    delay = Math.min(delay * 2, max);
    retry = setTimeout(() => void connect(), wait);
  };

  void connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      const current = socket;
      socket = undefined;
      current?.close(1000);
    },
  };
}

/** ws:// or wss:// of the realtime channel on this page's origin. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
}
