import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMeters, locateByWifi, SINGLE_NETWORK_ACCURACY_METERS } from './wifi-positioning';

const EPSILON = 1e-9;

/** A MAC address made from a number, so generated networks have distinct MACs. */
const macOf = (n: number) => n.toString(16).padStart(12, '0').match(/.{2}/g)!.join(':').toUpperCase();

/** Networks within about 1 km of each other, somewhere on the map, with distinct MACs. */
const arbNetworks = fc
  .record({
    lat: fc.double({ min: -80, max: 80, noNaN: true }),
    lon: fc.double({ min: -170, max: 170, noNaN: true }),
  })
  .chain((centre) =>
    fc
      .uniqueArray(
        fc.record({
          id: fc.integer({ min: 0, max: 2 ** 40 }),
          dLat: fc.double({ min: -0.01, max: 0.01, noNaN: true }),
          dLon: fc.double({ min: -0.01, max: 0.01, noNaN: true }),
          rssi: fc.integer({ min: -100, max: -20 }),
        }),
        { minLength: 1, maxLength: 8, selector: (each) => each.id },
      )
      .map((list) =>
        list.map((each) => ({
          macAddress: macOf(each.id),
          latitude: centre.lat + each.dLat,
          longitude: centre.lon + each.dLon,
          rssi: each.rssi,
        })),
      ),
  );

describe('locateByWifi', () => {
  it('lies inside the bounding box of the networks it used', () => {
    fc.assert(
      fc.property(arbNetworks, (networks) => {
        const fix = locateByWifi(
          networks.map((each) => ({ mac: each.macAddress, rssi: each.rssi })),
          networks,
        )!;
        const lats = networks.map((each) => each.latitude!);
        const lons = networks.map((each) => each.longitude!);
        expect(fix.lat).toBeGreaterThanOrEqual(Math.min(...lats) - EPSILON);
        expect(fix.lat).toBeLessThanOrEqual(Math.max(...lats) + EPSILON);
        expect(fix.lon).toBeGreaterThanOrEqual(Math.min(...lons) - EPSILON);
        expect(fix.lon).toBeLessThanOrEqual(Math.max(...lons) + EPSILON);
        expect(fix.accuracyMeters).toBeGreaterThanOrEqual(SINGLE_NETWORK_ACCURACY_METERS);
      }),
    );
  });

  it('gives a single network’s own point, whatever its signal', () => {
    fc.assert(
      fc.property(arbNetworks, fc.integer({ min: -120, max: 0 }), (networks, rssi) => {
        const [network] = networks;
        const fix = locateByWifi([{ mac: network!.macAddress.toLowerCase(), rssi }], networks);
        expect(fix).toEqual({
          lat: network!.latitude,
          lon: network!.longitude,
          accuracyMeters: SINGLE_NETWORK_ACCURACY_METERS,
        });
      }),
    );
  });

  it('moves closer to a network whose signal gets stronger', () => {
    fc.assert(
      fc.property(
        arbNetworks.filter((networks) => networks.length >= 2),
        fc.integer({ min: 1, max: 40 }),
        (networks, boost) => {
          const [first] = networks;
          const heard = networks.map((each) => ({ mac: each.macAddress, rssi: each.rssi }));
          const louder = heard.map((each, index) =>
            index === 0 ? { ...each, rssi: each.rssi + boost } : each,
          );
          const target = { lat: first!.latitude, lon: first!.longitude };
          const before = distanceMeters(locateByWifi(heard, networks)!, target);
          const after = distanceMeters(locateByWifi(louder, networks)!, target);
          expect(after).toBeLessThanOrEqual(before + 1e-6);
        },
      ),
    );
  });

  it('ignores unknown MACs, networks without a position and bad signals; null when nothing is left', () => {
    const networks = [
      { macAddress: 'AA:BB:CC:00:00:01', latitude: 55.68, longitude: 12.57 },
      { macAddress: 'AA:BB:CC:00:00:02', latitude: null, longitude: null },
    ];
    expect(locateByWifi([], networks)).toBeNull();
    expect(locateByWifi([{ mac: '11:22:33:44:55:66', rssi: -40 }], networks)).toBeNull();
    expect(locateByWifi([{ mac: 'aabb.cc00.0002', rssi: -40 }], networks)).toBeNull();
    expect(locateByWifi([{ mac: 'not a mac', rssi: -40 }], networks)).toBeNull();
    expect(locateByWifi([{ mac: 'AA:BB:CC:00:00:01', rssi: Number.NaN }], networks)).toBeNull();
    const fix = locateByWifi(
      [
        { mac: '11:22:33:44:55:66', rssi: -30 },
        { mac: 'aa-bb-cc-00-00-01', rssi: -70 },
      ],
      networks,
    );
    expect(fix).toEqual({ lat: 55.68, lon: 12.57, accuracyMeters: SINGLE_NETWORK_ACCURACY_METERS });
  });

  it('weighs by 10^(rssi/20): 20 dB louder pulls ten times harder', () => {
    const networks = [
      { macAddress: '00:00:00:00:00:01', latitude: 0, longitude: 0 },
      { macAddress: '00:00:00:00:00:02', latitude: 0, longitude: 0.011 },
    ];
    const fix = locateByWifi(
      [
        { mac: '00:00:00:00:00:01', rssi: -40 },
        { mac: '00:00:00:00:00:02', rssi: -60 },
      ],
      networks,
    )!;
    expect(fix.lon).toBeCloseTo(0.001, 12);
    expect(fix.lat).toBe(0);
  });

  it('survives extreme signal strengths without dividing by zero', () => {
    const networks = [{ macAddress: '00:00:00:00:00:01', latitude: 10, longitude: 20 }];
    expect(locateByWifi([{ mac: '00:00:00:00:00:01', rssi: -100_000 }], networks)).toMatchObject({
      lat: 10,
      lon: 20,
    });
  });
});
