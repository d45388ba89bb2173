// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import L from '../../components/map/leaflet';
import { FOLLOW_ZOOM, LiveMapDrawing } from './live-map-drawing';
import { LiveMapStore } from './live-map-store';
import { mapCitizen } from './live-map-test-data';

// jsdom draws no canvas: a 2D context that takes every call and draws nothing (what is checked
// here is where the map looks, not the pixels; the journey sees the markers in Chromium).
beforeAll(() => {
  const context = new Proxy({}, { get: (_target, key) => (key === 'canvas' ? undefined : () => undefined) });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
});

const maps: L.Map[] = [];
afterEach(async () => {
  // The canvas redraws at the next frame: let it, before the map (and its context) go.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  maps.splice(0).forEach((map) => map.remove());
});

/** A real Leaflet map (no animations in jsdom) with the drawing on it, and a store flushed by hand. */
function drawingWithFollowed() {
  const container = document.createElement('div');
  document.body.append(container);
  const map = L.map(container, { center: [56.15, 10.2], zoom: 12 });
  maps.push(map);
  const frames: (() => void)[] = [];
  const store = new LiveMapStore((flush) => frames.push(flush));
  const walker = mapCitizen({ latitude: 56.15, longitude: 10.2 });
  store.reset([walker, mapCitizen({ latitude: 56.2, longitude: 10.1 })]);
  const drawing = new LiveMapDrawing(map, store, { onSelect: () => undefined });
  drawing.select(walker.citizenId);
  drawing.setFollow(true);
  const walkTo = (latitude: number) => {
    store.enqueue([
      {
        type: 'position',
        tenantId: null,
        organizationId: null,
        deviceId: walker.deviceId!,
        latitude,
        longitude: 10.2,
        accuracy: 10,
        at: '2026-11-26T10:06:00.000Z',
      },
    ]);
    frames.splice(0).forEach((flush) => flush());
  };
  return { map, drawing, walkTo };
}

describe('LiveMapDrawing following a citizen', () => {
  it('zooms in to the followed citizen and keeps the map on her as she moves', () => {
    const { map, walkTo } = drawingWithFollowed();
    expect(map.getZoom()).toBe(FOLLOW_ZOOM);
    walkTo(56.153);
    expect(map.getCenter().lat).toBeCloseTo(56.153, 6);
  });

  it('a move that comes during a zoom animation is not undone when the animation ends', () => {
    const { map, walkTo } = drawingWithFollowed();
    // Leaflet ends an animated zoom by moving to the centre it started for: a pan made meanwhile is lost.
    map.fire('zoomstart');
    walkTo(56.153);
    map.setView([56.15, 10.2], FOLLOW_ZOOM, { animate: false });
    map.fire('zoomend');
    expect(map.getCenter().lat).toBeCloseTo(56.153, 6);
  });

  it('stops following when told, and leaves the view where the user put it', () => {
    const { map, drawing, walkTo } = drawingWithFollowed();
    drawing.setFollow(false);
    map.setView([56.3, 10.5], 14, { animate: false });
    walkTo(56.155);
    expect(map.getCenter().lat).toBeCloseTo(56.3, 6);
    expect(map.getCenter().lng).toBeCloseTo(10.5, 6);
  });
});
