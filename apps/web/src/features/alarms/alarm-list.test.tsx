import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { AlarmList } from './alarm-list';
import { ALARM_ID, openAlarm } from './alarm-test-data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The card inside a router: its rows link to the alarms' timelines, its header to the alarm center. */
const list = (
  <MemoryRouter>
    <AlarmList />
  </MemoryRouter>
);

const ALL = ['Homeward.Alarms', 'Homeward.Alarms.Acknowledge', 'Homeward.Alarms.Handle'];

describe('AlarmList', { timeout: 20_000 }, () => {
  it('lists the alarms and acknowledges an open one', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/api/alarms?')) {
        return Response.json({ items: [openAlarm], totalCount: 1 });
      }
      if (call.method === 'POST') return Response.json({ ...openAlarm, state: 'acknowledged', history: [] });
      return undefined;
    });
    await renderWithApp(list, { permissions: ALL });
    expect(await screen.findByText('Inge Jensen')).toBeTruthy();
    expect(screen.getByText('SOS')).toBeTruthy();
    expect(screen.getByTestId(`alarm-handle-${ALARM_ID}`)).toBeTruthy();
    expect(screen.getByTestId(`alarm-open-${ALARM_ID}`).getAttribute('href')).toBe(`/alarms/${ALARM_ID}`);
    expect(screen.getByRole('link', { name: 'All alarms' }).getAttribute('href')).toBe('/alarms');

    fireEvent.click(screen.getByTestId(`alarm-acknowledge-${ALARM_ID}`));
    expect(await screen.findByText('Alarm acknowledged')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/api/alarms/${ALARM_ID}/acknowledge`);
    // The route takes no body (contracts `alarmEndpoints.acknowledge`), so none is sent.
    expect(post.body).toBeUndefined();
    // The list reloads after the change.
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/api/alarms?')).length).toBeGreaterThan(1),
    );
  });

  it('filters by state on the server and handles with a note', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'GET') return Response.json({ items: [openAlarm], totalCount: 1 });
      return Response.json({ ...openAlarm, state: 'handled', history: [] });
    });
    await renderWithApp(list, { permissions: ALL });
    await screen.findByText('Inge Jensen');
    fireEvent.change(screen.getByTestId('alarm-filter-state'), { target: { value: 'open' } });
    await waitFor(() => expect(calls.some((call) => call.path.includes('state=open'))).toBe(true));

    fireEvent.click(screen.getByTestId(`alarm-handle-${ALARM_ID}`));
    fireEvent.change(await screen.findByTestId('alarm-handle-note'), { target: { value: 'False alarm' } });
    fireEvent.click(screen.getByTestId('alarm-handle-submit'));
    expect(await screen.findByText('Alarm handled')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/api/alarms/${ALARM_ID}/handle`);
    expect(post.body).toEqual({ note: 'False alarm' });
  });

  it('shows a cleared removal alarm by its labels, with nothing left to do', async () => {
    const cleared = { ...openAlarm, kind: 'removal' as const, state: 'cleared' as const };
    const calls = stubApi((call) => {
      if (call.method === 'GET') return Response.json({ items: [cleared], totalCount: 1 });
      return undefined;
    });
    await renderWithApp(list, { permissions: ALL });
    expect(await screen.findByText('Watch removed')).toBeTruthy();
    expect(screen.getByText('Cleared')).toBeTruthy();
    expect(screen.queryByTestId(`alarm-acknowledge-${ALARM_ID}`)).toBeNull();
    expect(screen.queryByTestId(`alarm-handle-${ALARM_ID}`)).toBeNull();
    // The state filter offers the closed states the server knows, cleared among them.
    fireEvent.change(screen.getByTestId('alarm-filter-state'), { target: { value: 'cleared' } });
    await waitFor(() => expect(calls.some((call) => call.path.includes('state=cleared'))).toBe(true));
  });

  it('offers no actions without the permissions', async () => {
    stubApi(() => Response.json({ items: [openAlarm], totalCount: 1 }));
    await renderWithApp(list, { permissions: ['Homeward.Alarms'] });
    await screen.findByText('Inge Jensen');
    expect(screen.queryByTestId(`alarm-acknowledge-${ALARM_ID}`)).toBeNull();
  });
});
