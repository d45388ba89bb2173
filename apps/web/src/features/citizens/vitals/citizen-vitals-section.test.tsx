import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_VITAL_THRESHOLDS, type VitalThresholds, type Vitals } from '@homeward/contracts';
import {
  refusePutWith,
  renderWithApp,
  stubApi,
  type RecordedCall,
} from '../../../components/crud/crud-test-harness';
import { emitRealtimeEvents } from '../../../app/realtime/realtime-events';
import { CitizenVitalsSection } from './citizen-vitals-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CITIZEN_ID = '0190a0a0-0000-7000-8000-000000000002';
const WATCH_ID = '0190a0a0-0000-7000-8000-000000000003';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const EMPTY_SERIES = { heartRate: [], spo2: [], systolic: [], diastolic: [], temperature: [] };
const NO_LATEST = { heartRate: null, spo2: null, systolic: null, diastolic: null, temperature: null };

function vitals(period: Vitals['period'], withReadings: boolean): Vitals {
  const point = (minutes: number, value: number) => ({
    at: minutesAgo(minutes),
    value,
    min: value,
    max: value,
  });
  return {
    citizenId: CITIZEN_ID,
    period,
    from: minutesAgo(1440),
    to: minutesAgo(0),
    bucketSeconds: 173,
    series: withReadings
      ? { ...EMPTY_SERIES, heartRate: [point(60, 70), point(3, 72)], spo2: [point(3, 98)] }
      : EMPTY_SERIES,
    latest: withReadings
      ? {
          ...NO_LATEST,
          heartRate: { at: minutesAgo(3), value: 72 },
          spo2: { at: minutesAgo(3), value: 98 },
          systolic: { at: minutesAgo(120), value: 120 },
          diastolic: { at: minutesAgo(120), value: 79 },
        }
      : NO_LATEST,
  };
}

const NONE: VitalThresholds = { citizenId: CITIZEN_ID, ...NO_VITAL_THRESHOLDS, updatedAt: null };

function answer(withReadings: boolean, thresholds = NONE) {
  return (call: RecordedCall) => {
    if (call.path.startsWith(`/api/citizens/${CITIZEN_ID}/vitals?period=`)) {
      const period = new URLSearchParams(call.path.split('?')[1]).get('period') as Vitals['period'];
      return Response.json(vitals(period, withReadings));
    }
    if (call.path === `/api/citizens/${CITIZEN_ID}/vital-thresholds` && call.method === 'GET') {
      return Response.json(thresholds);
    }
    return undefined;
  };
}

const render = (canEdit: boolean) =>
  renderWithApp(<CitizenVitalsSection citizenId={CITIZEN_ID} deviceIds={[WATCH_ID]} canEdit={canEdit} />, {
    permissions: ['Homeward.Citizens'],
  });

/** A pushed report of a watch: its live state, as every report sends it. */
const watchReported = (deviceId: string) =>
  emitRealtimeEvents([
    {
      type: 'device',
      tenantId: null,
      organizationId: null,
      state: {
        deviceId,
        status: 'online',
        batteryLevel: 80,
        lastSeenAt: minutesAgo(0),
        latitude: null,
        longitude: null,
      },
    },
  ]);

describe('CitizenVitalsSection', { timeout: 30_000 }, () => {
  it('shows new readings when the citizen’s watch reports, and ignores other watches', async () => {
    let withReadings = false;
    const calls = stubApi((call) => answer(withReadings)(call));
    await render(false);
    const section = screen.getByRole('region', { name: 'Vitals' });
    await within(section).findByText('No vital readings yet');
    const vitalsCalls = () => calls.filter((call) => call.path.includes('/vitals?')).length;
    const before = vitalsCalls();
    withReadings = true;
    watchReported('0190a0a0-0000-7000-8000-0000000000ff');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vitalsCalls()).toBe(before);
    watchReported(WATCH_ID);
    const heart = await within(section).findByRole('group', { name: 'Heart rate' });
    expect(heart.textContent).toContain('72 bpm');
  });

  it('shows the latest values with units and age, and charts the period', async () => {
    const calls = stubApi(answer(true));
    await render(false);
    const section = screen.getByRole('region', { name: 'Vitals' });
    const heart = await within(section).findByRole('group', { name: 'Heart rate' });
    expect(heart.textContent).toContain('72 bpm');
    expect(heart.textContent).toMatch(/Measured 3 min\. ago/);
    expect(within(section).getByRole('group', { name: 'Blood oxygen (SpO₂)' }).textContent).toContain('98 %');
    expect(within(section).getByRole('group', { name: 'Blood pressure' }).textContent).toContain(
      '120/79 mmHg',
    );
    expect(within(section).getByRole('group', { name: 'Temperature' }).textContent).toContain('No reading');
    expect(screen.getByTestId('vital-chart-heartRate').textContent).toContain(
      'Heart rate: 2 points, from 70 to 72 bpm.',
    );
    expect(screen.queryByTestId('vital-chart-temperature')).toBeNull();
    // No editing without the right, and no limits set is said so.
    expect(screen.queryByRole('button', { name: 'Alarm limits' })).toBeNull();
    expect(await screen.findByText('No alarm limits set.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(`/api/citizens/${CITIZEN_ID}/vitals?period=week`),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('speaks Danish: the heading, a figure and the period toggle', async () => {
    stubApi(answer(true));
    await renderWithApp(
      <CitizenVitalsSection citizenId={CITIZEN_ID} deviceIds={[WATCH_ID]} canEdit={false} />,
      {
        permissions: ['Homeward.Citizens'],
        language: 'da',
      },
    );
    const section = screen.getByRole('region', { name: 'Vitale værdier' });
    expect((await within(section).findByRole('group', { name: 'Puls' })).textContent).toContain('72 bpm');
    expect(within(section).getByRole('button', { name: 'Uge' })).toBeTruthy();
  });

  it('says when there are no readings yet, and when they cannot be loaded', async () => {
    stubApi(answer(false));
    await render(false);
    expect(await screen.findByText('No vital readings yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Week' })).toBeNull();
    cleanup();
    stubApi(() => Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }));
    await render(false);
    expect(await screen.findByText('Could not load the vitals. Try again.')).toBeTruthy();
  });

  it('checks the limits before saving, saves them and says so', async () => {
    const limits = { ...NONE, heartRateMin: 40, heartRateMax: 140 };
    const calls = stubApi(answer(true, limits), (call) =>
      call.method === 'PUT'
        ? Response.json({ ...limits, ...(call.body as object), updatedAt: minutesAgo(0) })
        : undefined,
    );
    await render(true);
    expect(await screen.findByText('Alarm limits: Heart rate 40–140 bpm')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Alarm limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vital alarm limits' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    expect((field('Heart rate, lowest (bpm)') as HTMLInputElement).value).toBe('40');

    // An SpO2 no body shows and text that is no number are refused on their fields.
    fireEvent.change(field('SpO₂, lowest (%)'), { target: { value: '120' } });
    fireEvent.change(field('Temperature, lowest (°C)'), { target: { value: 'warm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('SpO₂, lowest (%) must be at most 100')).toBeTruthy();
    expect(within(dialog).getByText('Temperature, lowest (°C) must be a number')).toBeTruthy();
    // Then a minimum above the maximum.
    fireEvent.change(field('SpO₂, lowest (%)'), { target: { value: '90' } });
    fireEvent.change(field('Temperature, lowest (°C)'), { target: { value: '' } });
    fireEvent.change(field('Heart rate, lowest (bpm)'), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be above the lowest value (150)')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(field('Heart rate, lowest (bpm)'), { target: { value: '45' } });
    fireEvent.change(field('SpO₂, lowest (%)'), { target: { value: '90' } });
    fireEvent.change(field('Temperature, lowest (°C)'), { target: { value: '35,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alarm limits saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      heartRateMin: 45,
      heartRateMax: 140,
      spo2Min: 90,
      systolicMax: null,
      temperatureMin: 35.5,
      temperatureMax: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal on the field and in a toast', async () => {
    stubApi(
      refusePutWith({ field: 'heartRateMax', message: 'vitals:validation.minBelowMax', params: { min: 90 } }),
      answer(true),
    );
    await render(true);
    await screen.findByText('No alarm limits set.');
    fireEvent.click(screen.getByRole('button', { name: 'Alarm limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vital alarm limits' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Heart rate, highest (bpm)' }), {
      target: { value: '100' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be above the lowest value (90)')).toBeTruthy();
    expect(await screen.findByText(/The alarm limits could not be saved/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
