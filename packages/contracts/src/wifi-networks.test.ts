import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMacAddress, zSaveWifiNetworkRequest } from './wifi-networks';

describe('MAC addresses', () => {
  it('normalises every accepted spelling to upper-case, colon-separated', () => {
    for (const text of [
      'aa:bb:cc:dd:ee:0f',
      'AA-BB-CC-DD-EE-0F',
      'aabb.ccdd.ee0f',
      'AABBCCDDEE0F',
      '  aa:BB:cc:DD:ee:0F ',
    ]) {
      expect(normalizeMacAddress(text)).toBe('AA:BB:CC:DD:EE:0F');
    }
  });

  it('refuses texts that are no MAC address', () => {
    for (const text of [
      '',
      'aa:bb:cc:dd:ee',
      'aa:bb-cc:dd:ee:ff',
      'gg:bb:cc:dd:ee:ff',
      'aabbccddeeff00',
      'a:abbccddeeff',
    ]) {
      expect(normalizeMacAddress(text)).toBeNull();
    }
  });

  it('gives one spelling for the same six bytes however they are written', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 6, maxLength: 6 }), (bytes) => {
        const pairs = [...bytes].map((byte) => byte.toString(16).padStart(2, '0'));
        const hex = pairs.join('');
        const spellings = [
          pairs.join(':'),
          pairs.join('-').toUpperCase(),
          hex,
          hex.match(/.{4}/g)!.join('.'),
        ];
        const normalized = spellings.map(normalizeMacAddress);
        expect(new Set(normalized).size).toBe(1);
        expect(normalized[0]).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
      }),
    );
  });
});

describe('saving a Wi-Fi network', () => {
  const base = { macAddress: 'aa-bb-cc-dd-ee-ff' };
  const issuesOf = (value: object) =>
    (zSaveWifiNetworkRequest.safeParse({ ...base, ...value }).error?.issues ?? []).map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));

  it('fills defaults and normalises the MAC; empty coordinates are null', () => {
    expect(zSaveWifiNetworkRequest.parse({ ...base, latitude: '', longitude: '' })).toMatchObject({
      macAddress: 'AA:BB:CC:DD:EE:FF',
      type: 'manual',
      trustLevel: 'unknown',
      latitude: null,
      maxLongitude: null,
    });
  });

  it('wants a position as a pair, ordered bounds and a position inside them', () => {
    expect(issuesOf({ latitude: 55 })).toEqual([{ path: 'longitude', message: 'validation.required' }]);
    expect(issuesOf({ minLatitude: 56, maxLatitude: 55 })).toEqual([
      { path: 'maxLatitude', message: 'wifi:minAboveMax' },
    ]);
    expect(issuesOf({ latitude: 55, longitude: 13, minLongitude: 12, maxLongitude: 12.5 })).toEqual([
      { path: 'longitude', message: 'wifi:outsideBounds' },
    ]);
    expect(
      issuesOf({ latitude: 55, longitude: 12, minLatitude: 54, maxLatitude: 56, minLongitude: 11 }),
    ).toEqual([]);
    expect(issuesOf({ latitude: 91, longitude: 181 }).map((issue) => issue.path)).toEqual([
      'latitude',
      'longitude',
    ]);
  });
});
