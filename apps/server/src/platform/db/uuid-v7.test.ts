import { describe, expect, it } from 'vitest';
import { timestampOfUuidv7, uuidv7 } from './uuid-v7';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  it('has the version 7 and RFC variant bits', () => {
    for (let i = 0; i < 100; i += 1) expect(uuidv7()).toMatch(UUID_V7);
  });

  it('carries the creation time', () => {
    const at = Date.UTC(2030, 0, 2, 3, 4, 5, 678);
    expect(timestampOfUuidv7(uuidv7(at)).toISOString()).toBe('2030-01-02T03:04:05.678Z');
  });

  it('sorts in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stays increasing when the clock steps back', () => {
    const later = uuidv7(Date.UTC(2031, 0, 1));
    const earlierClock = uuidv7(Date.UTC(2029, 0, 1));
    expect(earlierClock > later).toBe(true);
  });
});
