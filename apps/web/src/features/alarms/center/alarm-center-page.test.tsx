import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alarm, AlarmStatistics } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../../components/crud/crud-test-harness';
import { ALARM_ID, openAlarm } from '../alarm-test-data';
import { AlarmCenterPage } from './alarm-center-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALL = ['Homeward.Alarms', 'Homeward.Alarms.Acknowledge', 'Homeward.Alarms.Handle'];

const handled: Alarm = {
  ...openAlarm,
  state: 'handled',
  acknowledgedAt: '2026-11-22T13:58:20.000Z',
  handledAt: '2026-11-22T14:00:05.000Z',
  secondsToAcknowledge: 20,
  secondsToHandle: 125,
};

const FIGURES: AlarmStatistics = {
  count: 3,
  open: 1,
  acknowledged: { count: 3, median: 20, p90: 52 },
  handled: { count: 1, median: 125, p90: 125 },
};

async function renderCenter(
  path: string,
  answer: { items?: Alarm[]; statistics?: AlarmStatistics | 'error' } = {},
) {
  const calls = stubApi((call: RecordedCall) => {
    if (call.path.startsWith('/api/alarms/statistics')) {
      return answer.statistics === 'error'
        ? Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 })
        : Response.json(answer.statistics ?? FIGURES);
    }
    if (call.path.startsWith('/api/alarms?')) {
      const items = answer.items ?? [handled];
      return Response.json({ items, totalCount: items.length });
    }
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/alarms', element: <AlarmCenterPage /> },
      { path: '/alarms/:id', element: <p>detail</p> },
    ],
    { initialEntries: [path] },
  );
  await renderWithApp(<RouterProvider router={router} />, { permissions: ALL });
  return { calls, router };
}

describe('AlarmCenterPage', { timeout: 20_000 }, () => {
  it('asks for the filters of the address and shows each time and the median / p90 figures', async () => {
    const citizenId = openAlarm.citizenId!;
    const { calls } = await renderCenter(
      `/alarms?kind=sos&citizenId=${citizenId}&citizenName=Inge%20Jensen&from=2026-11-01&to=2026-11-30`,
    );
    const summary = await screen.findByTestId('alarm-statistics');
    await waitFor(() =>
      expect(within(summary).getByTestId('alarm-statistics-count').textContent).toContain('3'),
    );
    expect(within(summary).getByTestId('alarm-statistics-acknowledge').textContent).toContain(
      'Median 20 s · 90th percentile 52 s',
    );
    expect(within(summary).getByTestId('alarm-statistics-handle').textContent).toContain(
      'Median 2 min 5 s · 90th percentile 2 min 5 s',
    );
    // Each row: the time to acknowledge and the time to handle, and a link to the alarm.
    expect(await screen.findByText('2 min 5 s')).toBeTruthy();
    expect(screen.getByText('20 s')).toBeTruthy();
    expect(screen.getByTestId(`alarm-open-${ALARM_ID}`).getAttribute('href')).toBe(`/alarms/${ALARM_ID}`);
    expect((screen.getByTestId('alarm-center-citizen') as HTMLInputElement).value).toBe('Inge Jensen');

    const list = calls.find((call) => call.path.startsWith('/api/alarms?'))!;
    const statistics = calls.find((call) => call.path.startsWith('/api/alarms/statistics'))!;
    for (const call of [list, statistics]) {
      const query = new URL(call.path, 'http://localhost').searchParams;
      expect(query.get('kind')).toBe('sos');
      expect(query.get('citizenId')).toBe(citizenId);
      expect(new Date(query.get('from')!).getDate()).toBe(1);
      expect(new Date(query.get('to')!).getDate()).toBe(30);
      expect(query.has('citizenName')).toBe(false);
    }
  });

  it('puts a changed filter in the address and asks the server again', async () => {
    const { calls, router } = await renderCenter('/alarms');
    await screen.findByText('2 min 5 s');
    fireEvent.change(screen.getByTestId('alarm-center-state'), { target: { value: 'handled' } });
    await waitFor(() => expect(router.state.location.search).toBe('?state=handled'));
    await waitFor(() =>
      expect(calls.some((call) => call.path.startsWith('/api/alarms/statistics?state=handled'))).toBe(true),
    );
    expect(
      calls.some((call) => call.path.startsWith('/api/alarms?') && call.path.includes('state=handled')),
    ).toBe(true);
    fireEvent.click(screen.getByTestId('alarm-center-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when nothing matches, and when the figures cannot be loaded', async () => {
    await renderCenter('/alarms?kind=fall', {
      items: [],
      statistics: {
        count: 0,
        open: 0,
        acknowledged: { count: 0, median: null, p90: null },
        handled: { count: 0, median: null, p90: null },
      },
    });
    expect(await screen.findByTestId('crud-list-empty')).toBeTruthy();
    expect((await screen.findAllByText('None yet')).length).toBe(2);
    expect(screen.getByText('No alarms match these filters.')).toBeTruthy();
    cleanup();
    await renderCenter('/alarms', { statistics: 'error' });
    expect(await screen.findByText('The alarms could not be loaded.')).toBeTruthy();
  });

  it('leaves a malformed filter of a hand-edited link out', async () => {
    const { calls } = await renderCenter('/alarms?kind=earthquake&citizenId=42&from=yesterday');
    await screen.findByText('2 min 5 s');
    const list = calls.find((call) => call.path.startsWith('/api/alarms?'))!;
    expect(list.path).toBe('/api/alarms?skipCount=0&maxResultCount=10');
  });

  it('shows "Not yet" for a step still to come, and a dash for one a closed alarm skipped', async () => {
    const skipped: Alarm = {
      ...handled,
      id: '0190a0b0-0000-7000-8000-0000000000a2',
      acknowledgedAt: null,
      secondsToAcknowledge: null,
      secondsToHandle: 45,
    };
    await renderCenter('/alarms', { items: [openAlarm, skipped] });
    expect(await screen.findByText('45 s')).toBeTruthy();
    const cells = (field: string) =>
      [...document.querySelectorAll(`[role="row"] [data-field="${field}"][role="gridcell"]`)].map(
        (cell) => cell.textContent,
      );
    expect(cells('secondsToAcknowledge')).toEqual(['Not yet', '—']);
    expect(cells('secondsToHandle')).toEqual(['Not yet', '45 s']);
  });

  it('opens the alarm of an SMS or e-mail link (`/alarms?alarm=<id>`) on its own page', async () => {
    const { router } = await renderCenter(`/alarms?alarm=${ALARM_ID}`);
    expect(await screen.findByText('detail')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/alarms/${ALARM_ID}`);
  });
});
