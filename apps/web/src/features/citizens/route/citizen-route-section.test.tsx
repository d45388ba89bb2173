import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../components/crud/crud-test-harness';
import { testCitizen, testRoute } from '../detail/citizen-page-test-data';
import { CitizenRouteSection } from './citizen-route-section';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

const clock = (at: string) => new Date(at).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });

describe('CitizenRouteSection', { timeout: 20_000 }, () => {
  it('draws the day, lists its stop and geofence exit and entry, and replays it with the slider and Play', async () => {
    stubApi((call) => (call.path.includes('/route?') ? Response.json(testRoute) : undefined));
    const { container } = await renderWithApp(<CitizenRouteSection citizen={testCitizen()} />);
    expect(await screen.findByText('Stops (1)')).toBeTruthy();
    const stops = screen.getByTestId('citizen-route-stops');
    expect(stops.textContent).toContain(
      `${clock('2026-11-26T09:04:00.000Z')}–${clock('2026-11-26T09:10:00.000Z')}`,
    );
    expect(stops.textContent).toContain('6 min');
    const crossings = screen.getByTestId('citizen-route-crossings');
    expect(crossings.textContent).toContain('Left Home');
    expect(crossings.textContent).toContain('Entered Home');
    for (const entry of ['Track', 'Stop', 'Left a geofence', 'Entered a geofence']) {
      expect(screen.getByTestId('citizen-route-legend').textContent).toContain(entry);
    }
    // The track is drawn as a line on the map.
    expect(
      container.querySelector('[data-testid="citizen-route-map"] path.leaflet-interactive'),
    ).toBeTruthy();

    // The replay starts at the first fix; the slider moves it to any moment.
    const time = screen.getByTestId('citizen-route-time');
    expect(time.textContent).toBe(clock(testRoute.points[0]!.at));
    const slider = screen.getByRole('slider', { name: 'Time on the route' });
    fireEvent.change(slider, { target: { value: String(Date.parse('2026-11-26T09:10:00.000Z')) } });
    expect(time.textContent).toBe(clock('2026-11-26T09:10:00.000Z'));

    // Play from the end starts over and runs to the last fix, then offers Play again.
    fireEvent.change(slider, { target: { value: String(Date.parse(testRoute.points.at(-1)!.at)) } });
    // The replay's clock is faked: each tick moves it one step (of 200) on.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(screen.getByRole('button', { name: 'Play the route' }));
    expect(time.textContent).toBe(clock(testRoute.points[0]!.at));
    act(() => {
      vi.advanceTimersByTime(100 * 100);
    });
    // Half-way through the 14 minutes: 09:07.
    expect(time.textContent).toBe(clock('2026-11-26T09:07:00.000Z'));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => {
      vi.advanceTimersByTime(100 * 50);
    });
    expect(time.textContent).toBe(clock('2026-11-26T09:07:00.000Z'));
    fireEvent.click(screen.getByRole('button', { name: 'Play the route' }));
    act(() => {
      vi.advanceTimersByTime(100 * 150);
    });
    expect(time.textContent).toBe(clock(testRoute.points.at(-1)!.at));
    expect(screen.getByRole('button', { name: 'Play the route' })).toBeTruthy();
  });

  it('says when the day has no positions', async () => {
    stubApi((call) =>
      call.path.includes('/route?')
        ? Response.json({ ...testRoute, points: [], stops: [], crossings: [], totalPoints: 0 })
        : undefined,
    );
    await renderWithApp(<CitizenRouteSection citizen={testCitizen()} />);
    expect(await screen.findByText('No positions on this day')).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('says when the route could not be loaded', async () => {
    stubApi(() => Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }));
    await renderWithApp(<CitizenRouteSection citizen={testCitizen()} />);
    expect(await screen.findByTestId('citizen-route-error')).toBeTruthy();
  });
});
