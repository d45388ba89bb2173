import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nOptions, LOADED_NAMESPACES } from './i18n';
import {
  createTranslationBackend,
  readTranslations,
  shouldRetryTranslationLoad,
} from './translation-backend';

afterEach(() => {
  vi.useRealTimers();
});

describe('translation retry rule', () => {
  it('retries server errors and missing statuses', () => {
    for (const status of [undefined, 0, 500, 502, 503, 599])
      expect(shouldRetryTranslationLoad(status)).toBe(true);
  });

  it('never retries client errors', () => {
    for (const status of [400, 401, 403, 404, 429, 499])
      expect(shouldRetryTranslationLoad(status)).toBe(false);
  });
});

function read(fetchImpl: typeof fetch) {
  return new Promise<[unknown, unknown]>(
    (resolve) => void readTranslations('da', 'translation', (err, data) => resolve([err, data]), fetchImpl),
  );
}

describe('readTranslations', () => {
  it('reads the namespace of the language from the localization API', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json({ home: { title: 'Velkommen' } }));
    const [err, data] = await read(fetchImpl);
    expect(err).toBeNull();
    expect(data).toEqual({ home: { title: 'Velkommen' } });
    expect(String(fetchImpl.mock.calls[0]?.[0])).toBe('/api/localization/da/translation');
  });

  it('asks i18next to retry a 5xx and a network error, and not a 4xx or an answer that is not JSON', async () => {
    expect((await read(async () => new Response('', { status: 502 })))[1]).toBe(true);
    expect((await read(() => Promise.reject(new TypeError('Failed to fetch'))))[1]).toBe(true);
    expect((await read(async () => new Response('', { status: 404 })))[1]).toBe(false);
    expect((await read(async () => new Response('<html>', { status: 200 })))[1]).toBe(false);
    const [err] = await read(async () => new Response('', { status: 404 }));
    expect(err).toBeInstanceOf(Error);
  });
});

/** An i18next instance loading `namespaces` in English with the app's loading options. */
function startLoading(fetchImpl: typeof fetch, namespaces: readonly string[] = ['translation']) {
  const instance = i18next.createInstance();
  const loaded = instance.use(createTranslationBackend(fetchImpl)).init({
    ...i18nOptions,
    resources: undefined,
    partialBundledLanguages: false,
    ns: [...namespaces],
    lng: 'en',
  });
  return { instance, loaded };
}

describe('loading translations through i18next (spec §7, §9)', () => {
  it('retries a failing read 5 times, waiting 350 ms and doubling the wait each time', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('', { status: 503 }));
    startLoading(fetchImpl);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    for (const [retry, wait] of [350, 700, 1400, 2800, 5600].entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(fetchImpl).toHaveBeenCalledTimes(retry + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchImpl).toHaveBeenCalledTimes(retry + 2);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(6);
  });

  it('does not retry a 4xx', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('', { status: 404 }));
    startLoading(fetchImpl);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('reads at most 10 namespaces at a time, and all of them in the end', async () => {
    const waiting: (() => void)[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      return Response.json({ loaded: 'yes' });
    });
    const { instance, loaded } = startLoading(fetchImpl, LOADED_NAMESPACES);
    await vi.waitFor(() => expect(waiting.length).toBe(10));
    expect(fetchImpl).toHaveBeenCalledTimes(10);
    while (waiting.length > 0) {
      waiting.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await loaded;
    expect(mostInFlight).toBe(10);
    expect(fetchImpl).toHaveBeenCalledTimes(LOADED_NAMESPACES.length);
    expect(LOADED_NAMESPACES.every((ns) => instance.hasResourceBundle('en', ns))).toBe(true);
  });
});
