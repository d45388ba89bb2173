import { describe, expect, it } from 'vitest';
import { positionAgeText } from './position-age';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('positionAgeText', () => {
  it('says how long ago in whole minutes, hours or days, in the UI language', () => {
    expect(positionAgeText(ago(3 * 60 + 40), NOW, 'en')).toBe('3 minutes ago');
    expect(positionAgeText(ago(60), NOW, 'en')).toBe('1 minute ago');
    expect(positionAgeText(ago(2 * 3600 + 59 * 60), NOW, 'en')).toBe('2 hours ago');
    expect(positionAgeText(ago(3 * 86_400), NOW, 'en')).toBe('3 days ago');
    expect(positionAgeText(ago(86_400), NOW, 'en')).toBe('yesterday');
    expect(positionAgeText(ago(3 * 60), NOW, 'da')).toBe('for 3 minutter siden');
    expect(positionAgeText(ago(3 * 60), NOW, 'de')).toBe('vor 3 Minuten');
    expect(positionAgeText(ago(3 * 60), NOW, 'sv')).toBe('för 3 minuter sedan');
  });

  it('counts seconds under a minute, a watch clock ahead as now, and nothing without a time', () => {
    expect(positionAgeText(ago(12), NOW, 'en')).toBe('12 seconds ago');
    expect(positionAgeText(ago(-30), NOW, 'en')).toBe('now');
    expect(positionAgeText(null, NOW, 'en')).toBeNull();
  });
});
