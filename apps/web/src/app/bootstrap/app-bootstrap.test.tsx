import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAppConfiguration } from '../../test/app-configuration-fixture';
import { AppBootstrap } from './app-bootstrap';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Every English namespace file, served as the server would serve it.
const RESOURCES: Record<string, unknown> = Object.fromEntries(
  Object.entries(
    import.meta.glob<unknown>('../../../../../packages/i18n/locales/en/*.json', {
      eager: true,
      import: 'default',
    }),
  ).map(([file, resource]) => [
    `/api/localization/en/${file
      .split('/')
      .pop()!
      .replace(/\.json$/, '')}`,
    resource,
  ]),
);

const CONFIGURATION = testAppConfiguration();

describe('AppBootstrap', () => {
  it('shows the loading screen, then the error screen, and the app once a retry succeeds', async () => {
    // 503 is never retried by the query defaults, so the first failure surfaces at once.
    let configurationAvailable = false;
    let releaseTranslations!: () => void;
    const translationsHeld = new Promise<void>((resolve) => (releaseTranslations = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input);
        if (path === '/api/app/configuration') {
          return configurationAvailable
            ? Response.json(CONFIGURATION)
            : Response.json({ error: { code: 'service_unavailable', message: 'down' } }, { status: 503 });
        }
        await translationsHeld;
        return path in RESOURCES ? Response.json(RESOURCES[path]) : new Response('', { status: 404 });
      }),
    );

    render(
      // As main.tsx renders it: without react-query, which loads with the first part that uses it.
      <AppBootstrap>
        <p data-testid="app-content">ready</p>
      </AppBootstrap>,
    );

    expect(screen.getByTestId('app-loading')).toBeTruthy();
    act(() => releaseTranslations());
    await screen.findByTestId('app-load-error');
    expect(screen.queryByTestId('app-content')).toBeNull();

    configurationAvailable = true;
    fireEvent.click(screen.getByTestId('app-load-retry'));
    await screen.findByTestId('app-content');
    expect(document.documentElement.lang).toBe('en');
  });
});
