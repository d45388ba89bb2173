import { describe, expect, it } from 'vitest';
import { deletesLast } from './api-operations';
import { malformedBodyProbes, malformedParameterProbes } from './malformed-probes';
import { reportRun, runProbes, summaryOf } from './probe-runner';
import { useProbeWorld } from './probe-world';

/**
 * The generated fuzz suite (issue 15): every operation of the OpenAPI document gets NUL bytes,
 * 1 MB and 10 MB texts, wrong types, 10,000 levels of nesting and bad uuids in each of its path
 * parameters, query values and body fields. None may answer 5xx; NUL is a field error of its field.
 */

const probeWorld = useProbeWorld();

describe('generated fuzz suite', () => {
  it('answers malformed path parameters and query values without a 5xx', async () => {
    const startedAt = performance.now();
    const phases = deletesLast(probeWorld().operations).map((operations) =>
      operations.flatMap((operation) => malformedParameterProbes(probeWorld(), operation)),
    );
    const run = await runProbes(probeWorld().t.app, phases);
    reportRun(summaryOf('malformed parameters', probeWorld().operations.length, run, startedAt));
    expect(run.failures).toEqual([]);
  });

  it('answers malformed bodies without a 5xx', { timeout: 600_000 }, async () => {
    const startedAt = performance.now();
    const phases = deletesLast(probeWorld().operations).map((operations) =>
      operations.flatMap((operation) => malformedBodyProbes(probeWorld(), operation)),
    );
    const run = await runProbes(probeWorld().t.app, phases);
    reportRun(summaryOf('malformed bodies', probeWorld().operations.length, run, startedAt));
    expect(run.failures).toEqual([]);
  });
});
