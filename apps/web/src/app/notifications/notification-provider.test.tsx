import { useEffect } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider, preloadNotificationToast } from './notification-provider';
import { HIDDEN_NOTIFICATION, notificationReducer } from './notification-state';
import { useNotify, type Notify } from './use-notify';

let notify: Notify;
function Capture({ onNotify }: { onNotify(value: Notify): void }) {
  const value = useNotify();
  useEffect(() => {
    onNotify(value);
  }, [value, onNotify]);
  return <button type="button">outside</button>;
}

function renderProvider() {
  render(
    <NotificationProvider>
      <Capture onNotify={(value) => (notify = value)} />
    </NotificationProvider>,
  );
}

const alert = () => screen.queryByTestId('notification');

// The toast's chunk is fetched with the first message; fetched up front here, the toast shows in
// the same act() as the message, so these tests can follow the fake clock exactly
// (notification-toast-loading.test.tsx covers the fetch on the first message).
beforeAll(async () => {
  await preloadNotificationToast();
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('notification state', () => {
  it('defaults the type to info and the duration to 6000 ms', () => {
    expect(notificationReducer(HIDDEN_NOTIFICATION, { kind: 'show', message: 'Saved' })).toEqual({
      message: 'Saved',
      type: 'info',
      duration: 6000,
    });
  });

  it('hiding clears the message and resets type and duration', () => {
    const shown = notificationReducer(HIDDEN_NOTIFICATION, {
      kind: 'show',
      message: 'x',
      type: 'error',
      duration: 10,
    });
    expect(notificationReducer(shown, { kind: 'hide' })).toEqual({
      message: '',
      type: 'info',
      duration: 6000,
    });
  });
});

describe('notifications on screen', () => {
  it('shows nothing until there is a message', () => {
    renderProvider();
    expect(alert()).toBeNull();
  });

  it('shows a filled alert of the given type and closes after the default duration', () => {
    renderProvider();
    act(() => notify.success('Device saved'));
    expect(alert()?.textContent).toContain('Device saved');
    expect(alert()?.className).toMatch(/MuiAlert-colorSuccess/);
    expect(alert()?.className).toMatch(/MuiAlert-filled/);
    act(() => vi.advanceTimersByTime(5999));
    expect(alert()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.runAllTimers());
    expect(alert()).toBeNull();
  });

  it('closes on the escape key', () => {
    renderProvider();
    act(() => notify.error('Could not save'));
    expect(alert()?.className).toMatch(/MuiAlert-colorError/);
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => vi.runAllTimers());
    expect(alert()).toBeNull();
  });

  it('closes on a click away', () => {
    renderProvider();
    act(() => notify.notify('Hello', 'warning'));
    // The click-away listener arms itself on the next tick, as MUI ignores the opening click.
    act(() => vi.advanceTimersByTime(1));
    fireEvent.click(screen.getByRole('button', { name: 'outside' }));
    act(() => vi.runAllTimers());
    expect(alert()).toBeNull();
  });

  it('resets type and duration after hiding', () => {
    renderProvider();
    act(() => notify.notify('Short', 'error', 1000));
    act(() => notify.hide());
    act(() => vi.runAllTimers());
    expect(alert()).toBeNull();
    act(() => notify.notify('Next'));
    expect(alert()?.className).toMatch(/MuiAlert-colorInfo/);
    act(() => vi.advanceTimersByTime(5999));
    expect(alert()?.textContent).toContain('Next');
  });
});
