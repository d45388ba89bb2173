import type { RealtimeEvent } from '@homeward/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtimeUrl, startRealtimeConnection, type RealtimeSocket } from './realtime-connection';

/** A socket the test drives: it records what the connection sends and lets the test answer. */
class TestSocket implements RealtimeSocket {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: RealtimeSocket['onopen'] = null;
  onmessage: RealtimeSocket['onmessage'] = null;
  onclose: RealtimeSocket['onclose'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const event: RealtimeEvent = {
  type: 'position',
  tenantId: null,
  organizationId: null,
  deviceId: '0190a0b0-0000-7000-8000-0000000000d1',
  latitude: 56.15,
  longitude: 10.2,
  accuracy: 5,
  at: '2026-11-22T10:00:00.000Z',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('realtime connection', () => {
  it('signs in with the first message, hands events on, and reconnects with back-off after a drop', async () => {
    vi.useFakeTimers();
    const sockets: TestSocket[] = [];
    const received: RealtimeEvent[][] = [];
    const ready: boolean[] = [];
    let token = 'token-1';
    const connection = startRealtimeConnection({
      url: 'ws://x/api/realtime',
      getAuth: async () => ({ accessToken: token, tenantFilter: 'host' }),
      onEvents: (events) => received.push(events),
      onReady: (reconnected) => ready.push(reconnected),
      createSocket: () => {
        const socket = new TestSocket();
        sockets.push(socket);
        return socket;
      },
      initialDelayMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({
      type: 'auth',
      accessToken: 'token-1',
      tenantFilter: 'host',
    });
    sockets[0]!.receive({ type: 'ready' });
    sockets[0]!.receive({ type: 'events', events: [event] });
    expect(received).toEqual([[event]]);

    token = 'token-2';
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(JSON.parse(sockets[1]!.sent[0]!).accessToken).toBe('token-2');
    sockets[1]!.receive({ type: 'ready' });
    expect(ready).toEqual([false, true]);

    connection.stop();
    expect(sockets[1]!.closedWith).toBe(1000);
    sockets[1]!.drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('builds the channel URL from the page origin', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'care.example' })).toBe('wss://care.example/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/realtime',
    );
  });
});
