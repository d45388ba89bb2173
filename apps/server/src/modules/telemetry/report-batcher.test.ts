import { describe, expect, it } from 'vitest';
import { ReportBatcher } from './report-batcher';

interface Item {
  key: string;
  n: number;
  urgent?: boolean;
}

/** A batcher whose batches wait until released, recording what each batch held. */
function controlledBatcher(options: { maxBatch: number; maxConcurrent: number }) {
  const batches: Item[][] = [];
  const releases: (() => void)[] = [];
  const batcher = new ReportBatcher<Item, number>({
    ...options,
    process: async (items) => {
      batches.push(items);
      await new Promise<void>((resolve) => releases.push(resolve));
      return items.map((item) => item.n * 10);
    },
  });
  // A finished batch settles its promises (microtasks), then schedules the next one (setImmediate):
  // a few event-loop turns let every step that is due happen, with no timing involved.
  const settle = async () => {
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  return { batcher, batches, releases, settle };
}

describe('ReportBatcher', () => {
  it('processes one item at once when idle, and groups what arrives meanwhile', async () => {
    const { batcher, batches, releases, settle } = controlledBatcher({ maxBatch: 10, maxConcurrent: 1 });
    const first = batcher.submit({ key: 'a', n: 1 });
    await settle();
    expect(batches).toEqual([[{ key: 'a', n: 1 }]]);
    const rest = [2, 3, 4].map((n) => batcher.submit({ key: `d${n}`, n }));
    await settle();
    expect(batches).toHaveLength(1);
    releases.shift()!();
    expect(await first).toBe(10);
    await settle();
    expect(batches[1]!.map((item) => item.n)).toEqual([2, 3, 4]);
    releases.shift()!();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('never puts two items of one key in a batch, nor starts a key that is in flight, and keeps their order', async () => {
    const { batcher, batches, releases, settle } = controlledBatcher({ maxBatch: 10, maxConcurrent: 2 });
    const results = [
      batcher.submit({ key: 'a', n: 1 }),
      batcher.submit({ key: 'a', n: 2 }),
      batcher.submit({ key: 'b', n: 3 }),
      batcher.submit({ key: 'a', n: 4 }),
    ];
    await settle();
    // The second batch slot stays free: every waiting item is of key a, which is in flight.
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([[1, 3]]);
    releases.shift()!();
    await settle();
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([[1, 3], [2]]);
    releases.shift()!();
    await settle();
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([[1, 3], [2], [4]]);
    releases.shift()!();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40]);
  });

  it('caps a batch at its size and runs up to the concurrency limit', async () => {
    const { batcher, batches, releases, settle } = controlledBatcher({ maxBatch: 2, maxConcurrent: 2 });
    const results = [1, 2, 3, 4, 5].map((n) => batcher.submit({ key: `k${n}`, n }));
    await settle();
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(batcher.backlog).toBe(1);
    releases.shift()!();
    await settle();
    expect(batches.at(-1)!.map((item) => item.n)).toEqual([5]);
    releases.splice(0).forEach((release) => release());
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50]);
  });

  it('runs urgent items (alarms) at once beside busy slots, one express batch at a time, in key order', async () => {
    const { batcher, batches, releases, settle } = controlledBatcher({ maxBatch: 10, maxConcurrent: 1 });
    const bulk = batcher.submit({ key: 'a', n: 1 });
    await settle();
    const waiting = [2, 3].map((n) => batcher.submit({ key: `b${n}`, n }));
    // Device c has an ordinary report waiting: its alarm must not overtake it.
    const earlier = batcher.submit({ key: 'c', n: 4 });
    const sos = batcher.submit({ key: 's', n: 5, urgent: true });
    const behind = batcher.submit({ key: 'c', n: 6, urgent: true });
    await settle();
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([[1], [5]]);
    // A second alarm waits for the express batch, not for the bulk one.
    const next = batcher.submit({ key: 't', n: 7, urgent: true });
    await settle();
    expect(batches).toHaveLength(2);
    releases[1]!();
    expect(await sos).toBe(50);
    await settle();
    expect(batches.at(-1)!.map((item) => item.n)).toEqual([7]);
    releases[2]!();
    expect(await next).toBe(70);
    releases[0]!();
    expect(await bulk).toBe(10);
    await settle();
    expect(batches.at(-1)!.map((item) => item.n)).toEqual([2, 3, 4]);
    releases[3]!();
    await settle();
    expect(batches.at(-1)!.map((item) => item.n)).toEqual([6]);
    releases[4]!();
    expect(await Promise.all([...waiting, earlier, behind])).toEqual([20, 30, 40, 60]);
  });

  it('rejects every item of a failed batch and goes on with the next', async () => {
    let calls = 0;
    const batcher = new ReportBatcher<Item, number>({
      maxBatch: 10,
      maxConcurrent: 1,
      process: async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return items.map((item) => item.n);
      },
    });
    const failed = batcher.submit({ key: 'a', n: 1 });
    await expect(failed).rejects.toThrow('database down');
    expect(await batcher.submit({ key: 'a', n: 2 })).toBe(2);
  });
});
