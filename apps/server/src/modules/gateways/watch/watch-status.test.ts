import { describe, expect, it } from 'vitest';
import { parseWatchLocation } from './watch-location';

/** The terminal status field (notes §1.3, §3.7) as the alarm rules read it. */
const fields = (status: string) =>
  `220526,093954,A,56.15,N,10.2,E,0,0,0,9,100,80,0,0,${status},0,0,10`.split(',');

describe('the watch status bits', () => {
  it('reads bit 20 as taken off (worn false) and its absence as worn, in every location frame', () => {
    expect(parseWatchLocation(fields('00100000'))).toMatchObject({
      statusAlarms: ['removal'],
      attributes: { worn: false },
    });
    expect(parseWatchLocation(fields('00010000'))).toMatchObject({
      statusAlarms: ['sos'],
      attributes: { worn: true },
    });
    // SOS first, removal with it: every alarm bit on its own.
    expect(parseWatchLocation(fields('00110000')).statusAlarms).toEqual(['sos', 'removal']);
  });

  it('says nothing about wearing from a 4-digit status (old firmware has no alarm half)', () => {
    expect(parseWatchLocation(fields('0000')).attributes).not.toHaveProperty('worn');
  });

  it('keeps bit 0 (Traccar’s low battery) a state, never an alarm', () => {
    const location = parseWatchLocation(fields('00000001'));
    expect(location.statusAlarms).toEqual([]);
    expect(location.attributes).toMatchObject({ lowBatteryState: true });
    // The low-battery alarm is bit 17.
    expect(parseWatchLocation(fields('00020001')).statusAlarms).toEqual(['lowBattery']);
  });
});
