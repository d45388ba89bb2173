import { useEffect } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notify } from './use-notify';

afterEach(() => {
  cleanup();
  vi.doUnmock('./notification-toast');
});

describe('the notification toast chunk', () => {
  it('is not loaded before the first message, and shows that message once it has loaded', async () => {
    // A module registry of its own (the test setup fetched the toast up front for other tests), in
    // which the toast's module records when it is evaluated: when its chunk would be fetched.
    vi.resetModules();
    let evaluated = 0;
    vi.doMock('./notification-toast', async (importOriginal) => {
      evaluated += 1;
      return importOriginal();
    });
    const { NotificationProvider } = await import('./notification-provider');
    const { useNotify } = await import('./use-notify');
    function Capture({ onNotify }: { onNotify(value: Notify): void }) {
      const notify = useNotify();
      useEffect(() => {
        onNotify(notify);
      }, [notify, onNotify]);
      return null;
    }
    let notify!: Notify;
    render(
      <NotificationProvider>
        <Capture onNotify={(value) => (notify = value)} />
      </NotificationProvider>,
    );
    expect(evaluated).toBe(0);

    act(() => notify.error('Could not save'));
    expect((await screen.findByTestId('notification')).textContent).toContain('Could not save');
    expect(evaluated).toBe(1);
  });
});
