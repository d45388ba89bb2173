import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlarmState, RealtimeEvent } from '@homeward/contracts';
import { emitRealtimeEvents } from '../../app/realtime/realtime-events';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { AlarmBanner } from './alarm-banner';
import { ALARM_ID, openAlarm } from './alarm-test-data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pushed = (state: AlarmState): RealtimeEvent => ({
  type: 'alarm',
  tenantId: null,
  organizationId: null,
  alarmId: ALARM_ID,
  kind: 'sos',
  state,
  citizenName: 'Inge Jensen',
  deviceId: openAlarm.deviceId,
  at: openAlarm.lastAt,
});

describe('AlarmBanner', { timeout: 20_000 }, () => {
  it('shows a pushed open alarm with its watch and acknowledges it', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === `/api/alarms/${ALARM_ID}`) {
        return Response.json({ ...openAlarm, history: [] });
      }
      if (call.method === 'POST') return Response.json({ ...openAlarm, state: 'acknowledged', history: [] });
      return undefined;
    });
    await renderWithApp(<AlarmBanner />, {
      permissions: ['Homeward.Alarms', 'Homeward.Alarms.Acknowledge'],
    });
    expect(screen.queryByTestId('alarm-banner')).toBeNull();

    // The same path the realtime connection hands its batches to (jsdom has no AudioContext: silent).
    act(() => emitRealtimeEvents([pushed('open')]));
    const banner = await screen.findByTestId(`alarm-banner-${ALARM_ID}`);
    await waitFor(() => expect(banner.textContent).toMatch(/^SOS — Inge Jensen \(Inges ur\) at /));

    fireEvent.click(screen.getByTestId(`alarm-banner-acknowledge-${ALARM_ID}`));
    expect(await screen.findByText('Alarm acknowledged')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(`/api/alarms/${ALARM_ID}/acknowledge`);
    await waitFor(() => expect(screen.queryByTestId('alarm-banner')).toBeNull());
  });

  it('goes away when the alarm is acknowledged elsewhere, and can be dismissed', async () => {
    stubApi(() => undefined);
    await renderWithApp(<AlarmBanner />, { permissions: ['Homeward.Alarms'] });
    act(() => emitRealtimeEvents([pushed('open')]));
    await screen.findByTestId(`alarm-banner-${ALARM_ID}`);
    expect(screen.queryByTestId(`alarm-banner-acknowledge-${ALARM_ID}`)).toBeNull();
    act(() => emitRealtimeEvents([pushed('acknowledged')]));
    expect(screen.queryByTestId('alarm-banner')).toBeNull();

    act(() => emitRealtimeEvents([pushed('open')]));
    fireEvent.click(await screen.findByTestId(`alarm-banner-dismiss-${ALARM_ID}`));
    expect(screen.queryByTestId('alarm-banner')).toBeNull();
  });

  it('shows a re-alerted alarm again with a sound, and drops one whose condition cleared', async () => {
    stubApi(() => undefined);
    const sounds = vi.fn();
    // The beep goes through Web Audio: count the tones the banner starts.
    vi.stubGlobal(
      'AudioContext',
      class {
        state = 'running';
        currentTime = 0;
        destination = {};
        createGain = () => ({
          connect: (next: unknown) => next,
          gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
        });
        createOscillator = () => ({
          connect: (next: unknown) => next,
          frequency: { setValueAtTime() {} },
          start: sounds,
          stop() {},
        });
      },
    );
    await renderWithApp(<AlarmBanner />, { permissions: ['Homeward.Alarms'] });
    act(() => emitRealtimeEvents([pushed('open')]));
    await screen.findByTestId(`alarm-banner-${ALARM_ID}`);
    const afterFirst = sounds.mock.calls.length;
    expect(afterFirst).toBeGreaterThan(0);
    act(() => emitRealtimeEvents([pushed('acknowledged')]));
    expect(screen.queryByTestId('alarm-banner')).toBeNull();

    // Pressed again while acknowledged: the server re-opens it, and the banner and beep come back.
    act(() => emitRealtimeEvents([pushed('open')]));
    await screen.findByTestId(`alarm-banner-${ALARM_ID}`);
    expect(sounds.mock.calls.length).toBeGreaterThan(afterFirst);

    const beeps = sounds.mock.calls.length;
    act(() => emitRealtimeEvents([pushed('cleared')]));
    expect(screen.queryByTestId('alarm-banner')).toBeNull();
    expect(sounds.mock.calls.length).toBe(beeps);
  });

  it('shows nothing to a user without Homeward.Alarms', async () => {
    stubApi(() => undefined);
    await renderWithApp(<AlarmBanner />, { permissions: [] });
    act(() => emitRealtimeEvents([pushed('open')]));
    expect(screen.queryByTestId('alarm-banner')).toBeNull();
  });
});
