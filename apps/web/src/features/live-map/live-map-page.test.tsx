import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveMap, RealtimeEvent } from '@homeward/contracts';
import { MemoryRouter } from 'react-router';
import { emitRealtimeEvents } from '../../app/realtime/realtime-events';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { LiveMapPage } from './live-map-page';
import { mapCitizen } from './live-map-test-data';

// jsdom draws no canvas: the markers are the drawing's (live-map-drawing.ts), checked in Chromium by the journey.
vi.mock('./live-map-layer', () => ({ LiveMapLayer: () => null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const inge = mapCitizen({
  name: 'Inge Jensen',
  locatedAt: minutesAgo(3),
  lastSeenAt: minutesAgo(1),
  battery: 64,
});
const karl = mapCitizen({
  name: 'Karl Holm',
  status: 'offline',
  locationValid: false,
  locatedAt: minutesAgo(120),
  lastSeenAt: minutesAgo(120),
  battery: null,
});
const ulla = mapCitizen({ name: 'Ulla Berg', deviceId: null, status: null, latitude: null, longitude: null });

function renderPage(items = [inge, karl, ulla]) {
  const calls = stubApi((call) =>
    call.path === '/api/live-map'
      ? Response.json({ items, at: new Date().toISOString() } satisfies LiveMap)
      : undefined,
  );
  const rendered = renderWithApp(
    <MemoryRouter>
      <LiveMapPage />
    </MemoryRouter>,
    { permissions: ['Homeward.Citizens'] },
  );
  return { calls, rendered };
}

describe('LiveMapPage', () => {
  it('lists the citizens by status with the age of their position, and opens a card from the list', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Citizens on the map' });
    const items = within(list).getAllByRole('button');
    // The most urgent first: offline Karl before online Inge; Ulla has no watch.
    expect(items.map((item) => item.textContent)).toEqual([
      'Karl HolmOffline · Position 2 hours ago',
      'Ulla BergOffline · No watch',
      'Inge JensenOnline · Position 3 minutes ago',
    ]);
    expect(screen.getByText('Online: 1')).toBeTruthy();
    expect(screen.getByText('No position: 1')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: /Karl Holm/ }));
    const card = screen.getByRole('region', { name: 'Karl Holm' });
    expect(within(card).getByText('Offline')).toBeTruthy();
    expect(within(card).getByText('Last known place, without a GPS fix')).toBeTruthy();
    expect(within(card).getByText('Battery unknown')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the citizen page' }).getAttribute('href')).toBe(
      `/citizens/${karl.citizenId}`,
    );
    const follow = within(card).getByRole('switch', { name: 'Follow' }) as HTMLInputElement;
    expect(follow.checked).toBe(false);
    fireEvent.click(follow);
    expect(follow.checked).toBe(true);

    fireEvent.click(within(card).getByRole('button', { name: 'Close the card' }));
    expect(screen.queryByRole('region', { name: 'Karl Holm' })).toBeNull();
  });

  it('shows a pushed SOS on the citizen’s card, and fetches the map again for the open alarms', async () => {
    const { calls } = renderPage();
    const list = await screen.findByRole('list', { name: 'Citizens on the map' });
    fireEvent.click(within(list).getByRole('button', { name: /Inge Jensen/ }));
    const sos: RealtimeEvent = {
      type: 'alarm',
      tenantId: null,
      organizationId: null,
      alarmId: '0190c000-0000-7000-8000-000000000009',
      kind: 'sos',
      state: 'open',
      citizenName: 'Inge Jensen',
      deviceId: inge.deviceId,
      at: new Date().toISOString(),
    };
    act(() => emitRealtimeEvents([sos]));
    const card = screen.getByRole('region', { name: 'Inge Jensen' });
    expect(await within(card).findByText('Alarm: SOS')).toBeTruthy();
    expect(within(card).getByText('Battery 64 %')).toBeTruthy();
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/api/live-map')).toHaveLength(2), {
      timeout: 5000,
    });
  });

  it('says so when there are no citizens, and offers a retry when loading fails', async () => {
    renderPage([]);
    expect(await screen.findByText(/No citizens to show yet/)).toBeTruthy();
    cleanup();
    stubApi(() => Response.json({ error: { code: 'internal', message: 'Down' } }, { status: 503 }));
    await renderWithApp(
      <MemoryRouter>
        <LiveMapPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('The live map could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
