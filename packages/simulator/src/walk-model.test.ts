import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMeters, homeAreaOf } from './geo';
import { deviceSeed, seededRandom } from './random';
import { DEFAULT_WALK_OPTIONS, startWalk, stepWalk, type Fix, type WalkOptions } from './walk-model';

const SOLBAKKEN = homeAreaOf({ kind: 'circle', center: { lat: 56.1631, lon: 10.1894 }, radiusMeters: 150 });

function walk(seed: number, steps: number, options: WalkOptions = DEFAULT_WALK_OPTIONS): Fix[] {
  const random = seededRandom(seed);
  let state = startWalk(SOLBAKKEN, random, new Date('2026-01-01T10:00:00Z'));
  const fixes: Fix[] = [];
  for (let step = 0; step < steps; step += 1) {
    const next = stepWalk(state, random, options);
    state = next.state;
    fixes.push(next.fix);
  }
  return fixes;
}

describe('walk model', () => {
  it('moves at walking speed: no step longer than the fastest walker covers in one interval', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 120 }),
        (seed, interval) => {
          const options = { ...DEFAULT_WALK_OPTIONS, intervalSeconds: interval };
          const fixes = walk(seed, 60, options);
          for (const [index, fix] of fixes.entries()) {
            expect(fix.speedMps).toBeGreaterThanOrEqual(options.minSpeedMps);
            expect(fix.speedMps).toBeLessThanOrEqual(options.maxSpeedMps);
            expect(fix.accuracyMeters).toBeGreaterThanOrEqual(options.minAccuracyMeters);
            expect(fix.accuracyMeters).toBeLessThanOrEqual(options.maxAccuracyMeters);
            expect(fix.batteryPercent).toBeGreaterThanOrEqual(0);
            expect(fix.batteryPercent).toBeLessThanOrEqual(100);
            if (index === 0) continue;
            const previous = fixes[index - 1]!;
            expect(fix.at.getTime() - previous.at.getTime()).toBe(interval * 1000);
            expect(distanceMeters(previous, fix)).toBeLessThanOrEqual(options.maxSpeedMps * interval + 0.01);
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('stays near home: never farther out than a wander goes, plus a step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const options = { ...DEFAULT_WALK_OPTIONS, wanderProbability: 0.2 };
        const limit =
          SOLBAKKEN.radiusMeters +
          options.wanderBeyondMeters +
          2 * options.maxSpeedMps * options.intervalSeconds;
        for (const fix of walk(seed, 300, options)) {
          expect(distanceMeters(SOLBAKKEN.center, fix)).toBeLessThanOrEqual(limit);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('wanders out of the fence and comes back', () => {
    const options = { ...DEFAULT_WALK_OPTIONS, wanderProbability: 0.05 };
    const outside = walk(7, 2000, options).map(
      (fix) => distanceMeters(SOLBAKKEN.center, fix) > SOLBAKKEN.radiusMeters + fix.accuracyMeters,
    );
    const exits = outside.filter((out, index) => out && !outside[index - 1]).length;
    const returns = outside.filter((out, index) => !out && outside[index - 1]).length;
    expect(exits).toBeGreaterThan(1);
    expect(returns).toBeGreaterThan(1);
  });

  it('drains the battery below a low-battery threshold, then recharges', () => {
    const options = { ...DEFAULT_WALK_OPTIONS, intervalSeconds: 60 };
    const levels = walk(3, 24 * 60, options).map((fix) => fix.batteryPercent);
    const low = levels.findIndex((level) => level < 15);
    expect(low).toBeGreaterThan(-1);
    expect(Math.max(...levels.slice(low))).toBe(100);
  });

  it('presses SOS now and then, at about the asked rate', () => {
    const fixes = walk(11, 5000, { ...DEFAULT_WALK_OPTIONS, sosProbability: 0.01 });
    const presses = fixes.filter((fix) => fix.sos).length;
    expect(presses).toBeGreaterThan(20);
    expect(presses).toBeLessThan(90);
  });

  it('is deterministic per seed, and differs between seeds and devices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        expect(walk(seed, 40)).toEqual(walk(seed, 40));
      }),
      { numRuns: 20 },
    );
    expect(walk(1, 10)).not.toEqual(walk(2, 10));
    expect(deviceSeed(1, '350000000000018')).not.toBe(deviceSeed(1, '350000000000026'));
  });
});
