import type { Page } from 'playwright-core';

/**
 * Resolves once the page's realtime socket says `ready` (it is signed in); reports sent before
 * could be missed. Call it before the page opens the socket.
 */
export function realtimeReady(page: Page): Promise<void> {
  return new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"ready"')) resolve();
      }),
    ),
  );
}
