import type { CitizenDevice } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../components/crud/crud-test-harness';
import { watchMarkers } from './watch-markers';

const device = (id: string, location: CitizenDevice['location']) =>
  ({ id, name: `Watch ${id}`, location }) as CitizenDevice;

const devices = [
  device('a', { lat: 56.1, lon: 10.2, at: '2026-01-01T10:00:00Z', valid: true }),
  device('b', { lat: 55.6, lon: 12.5, at: '2026-01-01T11:00:00Z', valid: false }),
  device('c', null),
];

describe('watchMarkers', () => {
  it('draws a fix as the place it was seen, and coordinates without a fix as last known, no fix', async () => {
    const i18n = await createTestI18n('en');
    const [fixed, noFix, ...rest] = watchMarkers(devices, i18n.t, 'en-GB');
    expect(rest).toEqual([]);
    expect(fixed).toMatchObject({ id: 'a', lat: 56.1, lon: 10.2 });
    expect(fixed!.noFix).toBeUndefined();
    expect(fixed!.label).toMatch(/^Watch a, last position /);
    expect(noFix).toMatchObject({ id: 'b', lat: 55.6, lon: 12.5, noFix: true });
    expect(noFix!.label).toMatch(/^Watch b, last known, no fix /);
  });

  it('says it in Danish', async () => {
    const i18n = await createTestI18n('da');
    expect(watchMarkers(devices, i18n.t, 'da')[1]!.label).toMatch(/^Watch b, senest kendte, intet GPS-fix /);
  });
});
