import { describe, expect, it, vi } from 'vitest';
import type { AppConfiguration } from '@homeward/contracts';
import { ApiRequestError } from '../api/api-request-error';
import { testAppConfiguration } from '../../test/app-configuration-fixture';
import { loadConfiguration } from './use-bootstrap-load';

const CONFIGURATION = testAppConfiguration();
const failure = (status?: number) => new ApiRequestError(status, undefined);

/** Answers with each of `answers` in turn: a configuration, or an error to throw. */
function server(...answers: (AppConfiguration | Error)[]) {
  return vi.fn(async () => {
    const answer = answers.shift();
    if (!answer || answer instanceof Error) throw answer ?? new Error('no more answers');
    return answer;
  });
}

describe('loading the configuration before the app renders (spec §7 retry policy)', () => {
  it('tries up to three times, 10 seconds apart, on other failures', async () => {
    const delays: number[] = [];
    const fetchConfiguration = server(failure(502), failure(undefined), CONFIGURATION);
    await expect(loadConfiguration(fetchConfiguration, async (ms) => delays.push(ms))).resolves.toBe(
      CONFIGURATION,
    );
    expect(fetchConfiguration).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([10_000, 10_000]);

    const failing = server(failure(502), failure(502), failure(502), CONFIGURATION);
    await expect(loadConfiguration(failing, async () => undefined)).rejects.toBeInstanceOf(ApiRequestError);
    expect(failing).toHaveBeenCalledTimes(3);
  });

  it('never tries again after 403, 404, 500 or 503', async () => {
    for (const status of [403, 404, 500, 503]) {
      const fetchConfiguration = server(failure(status), CONFIGURATION);
      await expect(loadConfiguration(fetchConfiguration, async () => undefined)).rejects.toMatchObject({
        status,
      });
      expect(fetchConfiguration).toHaveBeenCalledTimes(1);
    }
  });
});
