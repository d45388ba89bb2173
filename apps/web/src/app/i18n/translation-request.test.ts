import { describe, expect, it, vi } from 'vitest';
import { requestTranslations, shouldRetryTranslationLoad } from './translation-request';

describe('translation retry rule', () => {
  it('retries server errors and missing statuses', () => {
    expect(shouldRetryTranslationLoad(undefined)).toBe(true);
    expect(shouldRetryTranslationLoad(0)).toBe(true);
    expect(shouldRetryTranslationLoad(500)).toBe(true);
    expect(shouldRetryTranslationLoad(503)).toBe(true);
    expect(shouldRetryTranslationLoad(599)).toBe(true);
  });

  it('never retries client errors', () => {
    for (const status of [400, 401, 403, 404, 429, 499])
      expect(shouldRetryTranslationLoad(status)).toBe(false);
  });
});

function respond(result: Response | Error) {
  return vi.fn<typeof fetch>(() =>
    result instanceof Error ? Promise.reject(result) : Promise.resolve(result),
  );
}

function run(fetchImpl: typeof fetch) {
  return new Promise<[unknown, unknown]>((resolve) =>
    requestTranslations(
      {},
      '/api/localization/da/translation',
      undefined,
      (err, res) => resolve([err, res]),
      fetchImpl,
    ),
  );
}

describe('translation request', () => {
  it('passes the body through on success', async () => {
    const [err, res] = await run(respond(new Response('{"a":"b"}', { status: 200 })));
    expect(err).toBeNull();
    expect(res).toEqual({ status: 200, data: '{"a":"b"}' });
  });

  it('hands the backend a retryable status for 5xx and network errors', async () => {
    const [, server] = await run(respond(new Response('', { status: 502 })));
    expect(server).toEqual({ status: 502, data: '' });
    const [, network] = await run(respond(new TypeError('offline')));
    expect(network).toEqual({ status: 0, data: '' });
  });

  it('gives a final error without a response for 4xx', async () => {
    const [err, res] = await run(respond(new Response('', { status: 404 })));
    expect(err).toBeInstanceOf(Error);
    expect(res).toBeUndefined();
    // The backend treats messages mentioning the network as retryable; this one must not.
    expect(String((err as Error).message)).not.toMatch(/failed|fetch|network|load/i);
  });
});
