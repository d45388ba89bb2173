import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../components/crud/crud-test-harness';
import { ALARM_ID, openAlarm } from '../../alarms/alarm-test-data';
import { CitizenAlarmsSection } from './citizen-alarms-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CITIZEN_ID = openAlarm.citizenId!;

describe('CitizenAlarmsSection', { timeout: 20_000 }, () => {
  it("lists the citizen's open and acknowledged alarms and acknowledges one", async () => {
    const acknowledged = {
      ...openAlarm,
      id: '0190a0b0-0000-7000-8000-0000000000a2',
      kind: 'fall' as const,
      state: 'acknowledged' as const,
    };
    const calls = stubApi((call) => {
      if (call.path.includes('state=open')) return Response.json({ items: [openAlarm], totalCount: 1 });
      if (call.path.includes('state=acknowledged'))
        return Response.json({ items: [acknowledged], totalCount: 1 });
      if (call.method === 'POST') return Response.json({ ...openAlarm, state: 'acknowledged', history: [] });
      return undefined;
    });
    await renderWithApp(<CitizenAlarmsSection citizenId={CITIZEN_ID} />, {
      permissions: ['Homeward.Alarms', 'Homeward.Alarms.Acknowledge', 'Homeward.Alarms.Handle'],
    });
    expect(await screen.findByText('SOS — Open')).toBeTruthy();
    expect(screen.getByText('Fall — Acknowledged')).toBeTruthy();
    expect(calls.every((call) => call.path.includes(`citizenId=${CITIZEN_ID}`))).toBe(true);
    // Acknowledged already: only Handle is left.
    expect(screen.queryByTestId(`alarm-acknowledge-${acknowledged.id}`)).toBeNull();
    expect(screen.getByTestId(`alarm-handle-${acknowledged.id}`)).toBeTruthy();

    fireEvent.click(screen.getByTestId(`alarm-acknowledge-${ALARM_ID}`));
    expect(await screen.findByText('Alarm acknowledged')).toBeTruthy();
  });

  it('says so when nothing is open', async () => {
    stubApi(() => Response.json({ items: [], totalCount: 0 }));
    await renderWithApp(<CitizenAlarmsSection citizenId={CITIZEN_ID} />, {
      permissions: ['Homeward.Alarms'],
    });
    expect(await screen.findByTestId('citizen-alarms-empty')).toBeTruthy();
  });
});
