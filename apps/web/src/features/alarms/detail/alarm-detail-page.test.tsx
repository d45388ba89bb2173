import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlarmDetail, AlarmHistoryEntry } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../../components/crud/crud-test-harness';
import { ALARM_ID, openAlarm } from '../alarm-test-data';
import { AlarmDetailPage } from './alarm-detail-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALL = ['Homeward.Alarms', 'Homeward.Alarms.Acknowledge', 'Homeward.Alarms.Handle'];
const ANNA = '0190a0b0-0000-7000-8000-00000000aa01';
const BO = '0190a0b0-0000-7000-8000-00000000bb02';

let serial = 0;
const entry = (action: AlarmHistoryEntry['action'], at: string, more: Partial<AlarmHistoryEntry> = {}) => ({
  id: `0190a0b0-0000-7000-8000-${String((serial += 1)).padStart(12, '0')}`,
  at,
  action,
  userId: null,
  userName: null,
  detail: null,
  ...more,
});

/** An SOS that went through everything: raised, notified, a failed push, escalated, acted on. */
const handledAlarm: AlarmDetail = {
  ...openAlarm,
  state: 'handled',
  acknowledgedAt: '2026-11-22T13:59:00.000Z',
  handledAt: '2026-11-22T14:05:00.000Z',
  note: 'Called her, all fine',
  secondsToAcknowledge: 60,
  secondsToHandle: 420,
  history: [
    entry('created', '2026-11-22T13:58:00.000Z', {
      detail: {
        count: 1,
        report: {
          protocol: 'watch',
          kind: 'alarm',
          deviceTime: '2026-11-22T13:58:00.000Z',
          receivedAt: '2026-11-22T13:58:01.000Z',
          position: { lat: 56.15, lon: 10.2, valid: true },
        },
      },
    }),
    entry('notified', '2026-11-22T13:58:00.000Z', {
      userId: ANNA,
      userName: 'Anna Holm',
      detail: { receiverId: ANNA, position: 1, name: 'Anna Holm', channels: ['push', 'sms'] },
    }),
    entry('deliveryFailed', '2026-11-22T13:58:02.000Z', {
      detail: {
        channel: 'push',
        receiverId: ANNA,
        outboxId: 'o1',
        reason: 'subscription expired',
        fallbackTo: 'sms',
      },
    }),
    entry('delivered', '2026-11-22T13:58:03.000Z', {
      detail: { channel: 'sms', receiverId: ANNA, outboxId: 'o2' },
    }),
    entry('notified', '2026-11-22T13:58:40.000Z', {
      detail: { receiverId: BO, position: 2, name: 'Bo Berg', channels: ['email'] },
    }),
    entry('acknowledged', '2026-11-22T13:59:00.000Z', { userName: 'Karen Staff', detail: { from: 'open' } }),
    entry('handled', '2026-11-22T14:05:00.000Z', {
      userName: 'Karen Staff',
      detail: { from: 'acknowledged', note: 'Called her, all fine' },
    }),
  ],
};

async function renderDetail(detail: AlarmDetail | 'missing', permissions = ALL) {
  const calls = stubApi((call) => {
    if (detail === 'missing') return undefined;
    if (call.method === 'GET' && call.path === `/api/alarms/${ALARM_ID}`) return Response.json(detail);
    if (call.method === 'POST') return Response.json({ ...detail, state: 'acknowledged' });
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/alarms/:id', element: <AlarmDetailPage /> }], {
    initialEntries: [`/alarms/${ALARM_ID}`],
  });
  await renderWithApp(<RouterProvider router={router} />, { permissions });
  return calls;
}

describe('AlarmDetailPage', { timeout: 20_000 }, () => {
  it('shows the full timeline in order: report, notified, deliveries, escalation, who acted', async () => {
    await renderDetail(handledAlarm);
    const timeline = await screen.findByRole('table', { name: 'Timeline' });
    const rows = within(timeline).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual([
      'alarm-timeline-created',
      'alarm-timeline-notified',
      'alarm-timeline-deliveryFailed',
      'alarm-timeline-delivered',
      'alarm-timeline-notified',
      'alarm-timeline-acknowledged',
      'alarm-timeline-handled',
    ]);
    const text = rows.map((row) => row.textContent);
    expect(text[0]).toContain('Raised by a 3G watch report (device time');
    expect(text[0]).toContain('position 56.15, 10.2');
    expect(text[1]).toContain('Anna Holm notified by Push and SMS');
    expect(text[2]).toContain('Push to Anna Holm failed: subscription expired — fell back to SMS');
    expect(text[3]).toContain('SMS to Anna Holm delivered');
    expect(text[4]).toContain('Escalated to Bo Berg (receiver 2), notified by E-mail');
    expect(text[5]).toContain('Acknowledged by Karen Staff');
    expect(text[6]).toContain('Handled by Karen Staff: “Called her, all fine”');

    expect(screen.getByTestId('screen-title').textContent).toBe('SOS — Inge Jensen');
    expect(screen.getByTestId('alarm-fact-acknowledged').textContent).toContain('1 min 0 s — Karen Staff');
    expect(screen.getByTestId('alarm-fact-handled').textContent).toContain('7 min 0 s — Karen Staff');
    // Handled is closed: nothing left to do.
    expect(screen.queryByTestId(`alarm-acknowledge-${ALARM_ID}`)).toBeNull();
  });

  it('acknowledges an open alarm from the page', async () => {
    const open: AlarmDetail = { ...openAlarm, history: [handledAlarm.history[0]!] };
    const calls = await renderDetail(open);
    fireEvent.click(await screen.findByTestId(`alarm-acknowledge-${ALARM_ID}`));
    expect(await screen.findByText('Alarm acknowledged')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(`/api/alarms/${ALARM_ID}/acknowledge`);
    expect(screen.getByTestId('alarm-fact-acknowledged').textContent).toContain('Not yet');
    expect(screen.getByTestId(`alarm-handle-${ALARM_ID}`)).toBeTruthy();
  });

  it('names a cleared alarm and why, and an unknown one as not found', async () => {
    const cleared: AlarmDetail = {
      ...openAlarm,
      kind: 'outsideGeofence',
      state: 'cleared',
      clearedAt: '2026-11-22T14:10:00.000Z',
      history: [
        entry('created', '2026-11-22T13:58:00.000Z', {
          detail: { count: 1, latitude: 56.2, longitude: 10.1 },
        }),
        entry('cleared', '2026-11-22T14:10:00.000Z', { detail: { reason: 'backInside' } }),
      ],
    };
    await renderDetail(cleared);
    expect(await screen.findByText('Closed by the system: back inside the geofence')).toBeTruthy();
    expect(screen.getByText('outside the geofence at 56.2, 10.1')).toBeTruthy();
    cleanup();
    await renderDetail('missing');
    expect(await screen.findByText('This alarm does not exist, or you may not see it.')).toBeTruthy();
  });
});
