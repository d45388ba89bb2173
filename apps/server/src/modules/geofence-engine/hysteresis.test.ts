import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackFence, UNTRACKED, type FenceCrossing, type FenceTracking } from './hysteresis';

const N = 2;
const inside: FenceTracking = { state: 'inside', consecutiveOutside: 0, consecutiveInside: 5 };

/** Feeds (edge distance, accuracy) pairs; the final tracking and every crossing. */
function run(start: FenceTracking, reports: readonly (readonly [number, number])[], confirmations = N) {
  let tracking = start;
  const crossings: FenceCrossing[] = [];
  for (const [distance, accuracy] of reports) {
    const { next, crossing } = trackFence(tracking, distance, accuracy, confirmations);
    tracking = next;
    if (crossing) crossings.push(crossing);
  }
  return { tracking, crossings };
}

describe('hysteresis', () => {
  it('exits at once when outside by more than the accuracy', () => {
    expect(run(inside, [[31, 30]])).toMatchObject({ tracking: { state: 'outside' }, crossings: ['exit'] });
  });
  it('does not exit on one report outside within its accuracy', () => {
    expect(run(inside, [[20, 30]])).toMatchObject({ tracking: { state: 'inside' }, crossings: [] });
  });
  it('exits after N consecutive reports outside, however close', () => {
    expect(
      run(inside, [
        [5, 30],
        [5, 30],
      ]),
    ).toMatchObject({ tracking: { state: 'outside' }, crossings: ['exit'] });
  });
  it('enters only when clear of the edge, or after N consecutive inside', () => {
    const outside: FenceTracking = { state: 'outside', consecutiveOutside: 3, consecutiveInside: 0 };
    expect(run(outside, [[-10, 30]]).crossings).toEqual([]);
    expect(run(outside, [[-31, 30]]).crossings).toEqual(['enter']);
    expect(
      run(outside, [
        [-10, 30],
        [-10, 30],
      ]).crossings,
    ).toEqual(['enter']);
  });
  it('settles the first state without an event', () => {
    expect(run(UNTRACKED, [[500, 10]])).toMatchObject({ tracking: { state: 'outside' }, crossings: [] });
    expect(run(UNTRACKED, [[-500, 10]])).toMatchObject({ tracking: { state: 'inside' }, crossings: [] });
    expect(run(UNTRACKED, [[5, 10]])).toMatchObject({ tracking: { state: 'unknown' }, crossings: [] });
  });
  it('counts a point on the edge as inside', () => {
    expect(run(inside, [[0, 0]]).tracking).toMatchObject({ state: 'inside', consecutiveOutside: 0 });
  });

  const accuracy = fc.double({ min: 1, max: 500, noNaN: true });

  it('never flips on jitter within the accuracy radius that never stays outside N times running', () => {
    fc.assert(
      fc.property(
        accuracy,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 60 }),
        fc.integer({ min: 2, max: 5 }),
        (radius, jitter, confirmations) => {
          // Outside by less than the accuracy, but never `confirmations` outside reports in a row.
          let run_ = 0;
          const reports = jitter.map((fraction, index): [number, number] => {
            const outside = index % 2 === 0 && run_ < confirmations - 1;
            run_ = outside ? run_ + 1 : 0;
            return [outside ? fraction * radius : -fraction * radius, radius];
          });
          const result = run(inside, reports, confirmations);
          expect(result.crossings).toEqual([]);
          expect(result.tracking.state).toBe('inside');
        },
      ),
    );
  });

  it('exits exactly once on a sequence far outside', () => {
    fc.assert(
      fc.property(accuracy, fc.integer({ min: 1, max: 50 }), (radius, count) => {
        const reports = Array.from({ length: count }, (): [number, number] => [radius * 3 + 1, radius]);
        expect(run(inside, reports)).toMatchObject({ tracking: { state: 'outside' }, crossings: ['exit'] });
      }),
    );
  });

  it('alternates crossings: never two exits without an enter between them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -1000, max: 1000, noNaN: true }), accuracy), { maxLength: 80 }),
        (reports) => {
          const { crossings } = run(inside, reports);
          crossings.forEach((crossing, index) => expect(crossing).toBe(index % 2 === 0 ? 'exit' : 'enter'));
        },
      ),
    );
  });

  it('leaves the tracking unchanged once a watch has stayed on one side long enough (nothing to write)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.double({ min: 1, max: 200, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 5 }),
        (outside, distances, confirmations) => {
          let tracking: FenceTracking = UNTRACKED;
          const trackings: FenceTracking[] = [];
          for (const distance of distances) {
            tracking = trackFence(tracking, outside ? distance : -distance, 0, confirmations).next;
            trackings.push(tracking);
          }
          // From the confirming report on, every report gives the very same tracking.
          const settled = trackings.slice(confirmations - 1);
          for (const each of settled) expect(each).toEqual(settled[0]);
          expect(Math.max(tracking.consecutiveInside, tracking.consecutiveOutside)).toBeLessThanOrEqual(
            confirmations,
          );
        },
      ),
    );
  });
});
