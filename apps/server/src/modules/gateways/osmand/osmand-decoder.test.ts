import { zDeviceReport } from '@homeward/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeOsmAndJson } from './osmand-json';
import { decodeOsmAndParameters, OsmAndInputError, parseOsmAndTimestamp } from './osmand-parameters';

const receivedAt = new Date('2013-08-22T13:15:00Z');
const fromQuery = (query: string, at = receivedAt) => decodeOsmAndParameters(new URLSearchParams(query), at);
const inputError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof OsmAndInputError) return error.message;
    throw error;
  }
  throw new Error('expected an OsmAndInputError');
};

describe('OsmAnd query parameters', () => {
  it('decodes the Traccar test example', () => {
    const report = fromQuery(
      'id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0',
    );
    expect(report).toEqual({
      deviceIdentifier: '123456',
      protocol: 'osmand',
      deviceTime: '2013-08-22T13:14:27.000Z',
      receivedAt: receivedAt.toISOString(),
      kind: 'position',
      position: { lat: 60, lon: 30, valid: true, speedKnots: 0, bearing: 0, altitude: 0, hdop: 0 },
      cells: [],
      wifis: [],
      alarms: [],
      attributes: {},
    });
    expect(zDeviceReport.parse(report)).toEqual(report);
  });

  it('reads epoch milliseconds, ISO-8601 and the plain date form', () => {
    expect(parseOsmAndTimestamp('1442068686579').toISOString()).toBe('2015-09-12T14:38:06.579Z');
    expect(parseOsmAndTimestamp('2016-01-27T18:55:47Z').toISOString()).toBe('2016-01-27T18:55:47.000Z');
    expect(parseOsmAndTimestamp('2014-06-04 09:10:11').toISOString()).toBe('2014-06-04T09:10:11.000Z');
    // An unescaped + arrives as a space.
    expect(new URLSearchParams('t=2016-01-27T20:55:47+02:00').get('t')).toBe('2016-01-27T20:55:47 02:00');
    expect(parseOsmAndTimestamp('2016-01-27T20:55:47 02:00').toISOString()).toBe('2016-01-27T18:55:47.000Z');
    expect(inputError(() => parseOsmAndTimestamp('1377177267.5'))).toMatch(/timestamp must be/);
    expect(inputError(() => parseOsmAndTimestamp('yesterday'))).toMatch(/timestamp must be/);
  });

  it('reads location=, deviceid, heading, battery, charge, cells, Wi-Fi, alarms and attributes', () => {
    const report = fromQuery(
      'deviceid=abc&location=55.5,12.25&heading=90&accuracy=12&batt=81&charge=true' +
        '&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&alarm=sos&mock=true&driver=Ann&odometer=12.5',
    );
    expect(report).toMatchObject({
      deviceIdentifier: 'abc',
      kind: 'alarm',
      position: { lat: 55.5, lon: 12.25, bearing: 90, accuracyMeters: 12, valid: true },
      battery: { percent: 81, charging: true },
      cells: [
        { mcc: 257, mnc: 2, lac: 16, cid: 2224 },
        { mcc: 257, mnc: 2, lac: 16, cid: 2223, rssi: -90 },
      ],
      wifis: [{ mac: '00:14:22:01:23:45', rssi: -80 }],
      alarms: ['sos'],
      attributes: { mock: true, driver: 'Ann', odometer: 12.5 },
    });
    expect(report.deviceTime).toBe(receivedAt.toISOString());
  });

  it('makes a heartbeat of a report without a position, and a general alarm of an unknown name', () => {
    expect(fromQuery('id=1&notificationToken=abc')).toMatchObject({
      kind: 'heartbeat',
      attributes: { notificationToken: 'abc' },
    });
    expect(fromQuery('id=1&alarm=tamper')).toMatchObject({
      alarms: ['general'],
      attributes: { alarm: 'tamper' },
    });
    expect(fromQuery('id=1&lat=1&lon=2&valid=false').position?.valid).toBe(false);
  });

  it('refuses input that cannot be a report, saying why', () => {
    expect(inputError(() => fromQuery('lat=1&lon=2'))).toBe('id (or deviceid) is required');
    expect(inputError(() => fromQuery('id=1&lat=abc&lon=2'))).toBe('lat must be a number');
    expect(inputError(() => fromQuery('id=1&lat=91&lon=2'))).toMatch(/within ±90/);
    expect(inputError(() => fromQuery('id=1&lat=1'))).toBe('lat and lon must come together');
    expect(inputError(() => fromQuery('id=1&cell=1,2,3'))).toMatch(/cell must be/);
    expect(inputError(() => fromQuery('id=1&wifi=nothing,-1'))).toMatch(/wifi must be/);
  });

  it('keeps the receive time for a device clock far ahead, with the original as an attribute', () => {
    const report = fromQuery('id=1&timestamp=2030-01-01T00:00:00Z');
    expect(report.deviceTime).toBe(receivedAt.toISOString());
    expect(report.attributes.originalDeviceTime).toBe('2030-01-01T00:00:00Z');
  });

  it('keeps the device time of a report over 30 days old and flags it old, in both formats', () => {
    const report = fromQuery('id=1&timestamp=2013-07-01T08:00:00Z&lat=56&lon=10&valid=false');
    expect(report).toMatchObject({ deviceTime: '2013-07-01T08:00:00.000Z', old: true });
    expect(report.position).toMatchObject({ lat: 56, lon: 10, valid: false });
    expect(report.attributes.originalDeviceTime).toBeUndefined();
    const [json] = decodeOsmAndJson(
      {
        device_id: 'a',
        location: { timestamp: '2013-07-01T08:00:00Z', coords: { latitude: 1, longitude: 2 } },
      },
      receivedAt,
    );
    expect(json).toMatchObject({ deviceTime: '2013-07-01T08:00:00.000Z', old: true });
    expect(fromQuery('id=1&timestamp=2013-08-22T13:00:00Z').old).toBeUndefined();
  });

  it('never throws anything but an input error, and every report fits the contract', () => {
    const key = fc.constantFrom(
      'id',
      'deviceid',
      'timestamp',
      'lat',
      'lon',
      'location',
      'speed',
      'bearing',
      'batt',
      'charge',
      'cell',
      'wifi',
      'alarm',
      'valid',
      '__proto__',
      'x',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.double().map(String),
      fc.constantFrom('1,2,3,4', '00-14-22-01-23-45,-80', '1377177267', 'true'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 20 }), (pairs) => {
        try {
          const report = decodeOsmAndParameters(new URLSearchParams(pairs), receivedAt);
          expect(zDeviceReport.safeParse(report).success).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(OsmAndInputError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('OsmAnd JSON', () => {
  const example = {
    location: {
      timestamp: '2025-06-15T13:45:12.862Z',
      coords: { latitude: 37.4219983, longitude: -122.084, accuracy: 5, speed: 0, heading: -1, altitude: 5 },
      is_moving: false,
      odometer: 0,
      event: 'motionchange',
      battery: { level: 1, is_charging: false },
      activity: { type: 'still' },
      extras: {},
    },
    device_id: '48241179',
  };
  const at = new Date('2025-06-15T13:45:20Z');

  it('decodes the Traccar Client v9 example (speed m/s → knots, negative heading unknown)', () => {
    const [report] = decodeOsmAndJson(example, at);
    expect(report).toEqual({
      deviceIdentifier: '48241179',
      protocol: 'osmand',
      deviceTime: '2025-06-15T13:45:12.862Z',
      receivedAt: at.toISOString(),
      kind: 'position',
      position: {
        lat: 37.4219983,
        lon: -122.084,
        valid: true,
        speedKnots: 0,
        accuracyMeters: 5,
        altitude: 5,
      },
      battery: { percent: 100, charging: false },
      cells: [],
      wifis: [],
      alarms: [],
      attributes: { event: 'motionchange', motion: false, odometer: 0, activity: 'still' },
    });
  });

  it('reads an SOS from extras and a heartbeat without coordinates', () => {
    const sos = decodeOsmAndJson(
      {
        device_id: 'a',
        location: { coords: { latitude: 1, longitude: 2, speed: 10 }, extras: { alarm: 'sos' } },
      },
      at,
    )[0]!;
    expect(sos).toMatchObject({ kind: 'alarm', alarms: ['sos'], position: { speedKnots: 19.44 } });
    expect(sos.attributes.alarm).toBeUndefined();
    const heartbeat = decodeOsmAndJson({ device_id: 'a', location: { extras: { heartbeat: true } } }, at)[0]!;
    expect(heartbeat).toMatchObject({ kind: 'heartbeat', attributes: { heartbeat: true } });
  });

  it('accepts an array of flat objects (the SDK option) and a flat object', () => {
    const reports = decodeOsmAndJson(
      [
        { id: 'x', lat: 1, lon: 2, timestamp: 1750000000 },
        { id: 'x', batt: 50 },
      ],
      at,
    );
    expect(reports.map((report) => report.kind)).toEqual(['position', 'heartbeat']);
    expect(decodeOsmAndJson({ id: 'y', lat: 3, lon: 4 }, at)[0]!.position).toMatchObject({ lat: 3, lon: 4 });
  });

  it('refuses malformed bodies with a reason', () => {
    expect(inputError(() => decodeOsmAndJson({ location: {} }, at))).toBe('device_id is required');
    expect(inputError(() => decodeOsmAndJson({ device_id: 'a', location: 'x' }, at))).toBe(
      'location must be an object',
    );
    expect(
      inputError(() =>
        decodeOsmAndJson({ device_id: 'a', location: { coords: { latitude: 'x', longitude: 1 } } }, at),
      ),
    ).toBe('location.coords.latitude must be a number');
    expect(inputError(() => decodeOsmAndJson(42, at))).toBe('the JSON body must be an object');
    expect(inputError(() => decodeOsmAndJson([], at))).toBe('the array holds no reports');
  });

  it('never throws anything but an input error on random JSON', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.record({ device_id: fc.jsonValue(), location: fc.jsonValue() })),
        (body) => {
          try {
            for (const report of decodeOsmAndJson(body, at))
              expect(zDeviceReport.safeParse(report).success).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(OsmAndInputError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
