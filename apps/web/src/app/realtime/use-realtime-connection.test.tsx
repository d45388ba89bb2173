import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRealtimeConnection } from './use-realtime-connection';

const connection = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { start: vi.fn(), stop: vi.fn(), requested: vi.fn(), arrived, release: () => release() };
});

// The hook loads the connection module on demand. This stands in for it: it records that it was
// asked for, and arrives only when a test lets it (the first import waits; later ones are cached).
vi.mock('./realtime-connection', async () => {
  connection.requested();
  await connection.arrived;
  return {
    realtimeUrl: () => 'ws://localhost/api/realtime',
    startRealtimeConnection: (options: unknown) => {
      connection.start(options);
      return { stop: connection.stop };
    },
  };
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

const settle = () => act(async () => undefined);

// In this order: the first two run before the module has ever arrived.
describe('useRealtimeConnection', () => {
  it('loads no connection code for an anonymous visitor', async () => {
    renderHook(() => useRealtimeConnection(false), { wrapper });
    await settle();
    expect(connection.requested).not.toHaveBeenCalled();
  });

  it('never opens a channel when signed out before its code arrived', async () => {
    const { rerender } = renderHook(({ enabled }) => useRealtimeConnection(enabled), {
      wrapper,
      initialProps: { enabled: true },
    });
    await waitFor(() => expect(connection.requested).toHaveBeenCalledTimes(1));
    rerender({ enabled: false });
    connection.release();
    await import('./realtime-connection');
    await settle();
    expect(connection.start).not.toHaveBeenCalled();
  });

  it('opens the channel once its code is there, and closes it on unmount', async () => {
    const { unmount } = renderHook(() => useRealtimeConnection(true), { wrapper });
    await waitFor(() => expect(connection.start).toHaveBeenCalledTimes(1));
    unmount();
    expect(connection.stop).toHaveBeenCalledTimes(1);
  });
});
