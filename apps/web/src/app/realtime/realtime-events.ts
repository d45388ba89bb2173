import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from '@homeward/contracts';

type Listener = (events: RealtimeEvent[]) => void;
const listeners = new Set<Listener>();

/** Hands a pushed batch to every screen that listens (the connection lives in the layout). */
export function emitRealtimeEvents(events: RealtimeEvent[]): void {
  for (const listener of listeners) listener(events);
}

/** Calls `handler` with each pushed batch while the component is mounted. */
export function useRealtimeEvents(handler: Listener): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener: Listener = (events) => latest.current(events);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
