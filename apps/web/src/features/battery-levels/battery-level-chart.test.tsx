import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BatteryLevels } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { BatteryLevelChart } from './battery-level-chart';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DEVICE_ID = '0190a0a0-0000-7000-8000-000000000001';

const levels = (period: BatteryLevels['period'], withReadings: boolean): BatteryLevels => ({
  deviceId: DEVICE_ID,
  period,
  from: '2025-01-01T10:00:00.000Z',
  to: '2025-01-02T10:00:00.000Z',
  bucketSeconds: 173,
  points: withReadings
    ? [
        { at: '2025-01-01T10:00:00.000Z', battery: 90, min: 88, max: 92 },
        { at: '2025-01-01T16:00:00.000Z', battery: 41.5, min: 12, max: 60 },
        { at: '2025-01-02T09:57:00.000Z', battery: 64, min: 64, max: 64 },
      ]
    : [],
  latest: withReadings ? { at: '2025-01-02T09:58:00.000Z', battery: 64 } : null,
  lowest: withReadings ? { at: '2025-01-01T16:02:00.000Z', battery: 12 } : null,
});

describe('BatteryLevelChart', { timeout: 30_000 }, () => {
  it('says it is loading, as a named progress bar, until the levels come', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi((call) =>
      call.path.startsWith(`/api/devices/${DEVICE_ID}/battery-levels`)
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    );
    await renderWithApp(<BatteryLevelChart deviceId={DEVICE_ID} />, { permissions: ['Homeward.Devices'] });
    expect(await screen.findByRole('progressbar', { name: 'Loading battery levels…' })).toBeTruthy();
    answer(Response.json(levels('day', true)));
    await screen.findByTestId('battery-level-summary');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('sums the period up in words: the latest reading and the lowest, with their times', async () => {
    stubApi((call) =>
      call.path.startsWith(`/api/devices/${DEVICE_ID}/battery-levels`)
        ? Response.json(levels('day', true))
        : undefined,
    );
    await renderWithApp(<BatteryLevelChart deviceId={DEVICE_ID} />, { permissions: ['Homeward.Devices'] });
    const summary = await screen.findByTestId('battery-level-summary');
    expect(summary.textContent).toMatch(/^Latest 64 % \(.+\); lowest 12 % \(.+\)\.$/);
    expect(summary.textContent).toContain(
      new Date('2025-01-01T16:02:00.000Z').toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(screen.getByRole('heading', { name: 'Battery level' })).toBeTruthy();
  });

  it('asks for the chosen period and says so when the watch reported no battery in it', async () => {
    const calls = stubApi((call) =>
      call.path.includes('/battery-levels?period=week')
        ? Response.json(levels('week', false))
        : call.path.includes('/battery-levels')
          ? Response.json(levels('day', true))
          : undefined,
    );
    await renderWithApp(<BatteryLevelChart deviceId={DEVICE_ID} />, { permissions: ['Homeward.Devices'] });
    await screen.findByTestId('battery-level-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(await screen.findByText('The watch reported no battery level in this period.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        `/api/devices/${DEVICE_ID}/battery-levels?period=week`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a failure instead of a chart when the levels cannot be loaded', async () => {
    stubApi(() => Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }));
    await renderWithApp(<BatteryLevelChart deviceId={DEVICE_ID} />, { permissions: ['Homeward.Devices'] });
    expect(await screen.findByText('Could not load the battery levels. Try again.')).toBeTruthy();
  });
});
