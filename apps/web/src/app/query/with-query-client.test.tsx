import { Suspense } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfiguration } from '@homeward/contracts';
import { configurationFor } from '../auth/test-render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A fresh copy of the modules that hold the page's one query client and configuration. */
async function freshModules() {
  vi.resetModules();
  const configuration = await import('../configuration/get-app-configuration');
  const loader = await import('./with-query-client');
  return { ...configuration, ...loader };
}

function stubConfigurationServer(answer: () => AppConfiguration) {
  const fetchMock = vi.fn(async () => Response.json(answer()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('react-query, loaded by the first part that needs it', () => {
  it('starts from the bootstrap’s configuration, keeps it fresh, and the shell follows it', async () => {
    const modules = await freshModules();
    const { WithQueryClient, loadedConfiguration, useLoadedConfiguration } = modules;
    let served = configurationFor(null);
    const fetchMock = stubConfigurationServer(() => served);
    loadedConfiguration.set(configurationFor(null));

    function ShellProbe() {
      return <p data-testid="shell">{useLoadedConfiguration()?.currentUser?.id ?? 'anonymous'}</p>;
    }
    let queryClient!: ReturnType<typeof useQueryClient>;
    function ScreenProbe() {
      queryClient = useQueryClient();
      return <p data-testid="screen">ready</p>;
    }
    const view = render(<ShellProbe />);
    // Before react-query is loaded, the shell reads what the bootstrap loaded.
    expect(screen.getByTestId('shell').textContent).toBe('anonymous');

    // A screen that uses queries suspends until react-query is loaded (retried inside an awaited act).
    await act(async () =>
      view.rerender(
        <>
          <ShellProbe />
          <Suspense fallback={<p data-testid="loading" />}>
            <WithQueryClient>
              <ScreenProbe />
            </WithQueryClient>
          </Suspense>
        </>,
      ),
    );
    await screen.findByTestId('screen');
    expect(queryClient.getQueryData(modules.appConfigurationQueryOptions.queryKey)).toEqual(
      configurationFor(null),
    );
    // Seeded, not fetched again.
    expect(fetchMock).not.toHaveBeenCalled();

    // A screen changed grants and invalidates the configuration: it is fetched at once.
    served = configurationFor('user-1', ['Homeward.Roles']);
    await act(() =>
      queryClient.invalidateQueries({ queryKey: modules.appConfigurationQueryOptions.queryKey }),
    );
    // The shell outside the screen follows through the configuration the query cache copies back.
    await waitFor(() => expect(screen.getByTestId('shell').textContent).toBe('user-1'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(loadedConfiguration.get()?.grantedPolicies).toEqual({ 'Homeward.Roles': true });
  });

  it('waits for the bootstrap’s configuration when loaded before it, instead of fetching it too', async () => {
    const { loadQueryClient, loadedConfiguration, appConfigurationQueryOptions } = await freshModules();
    const fetchMock = stubConfigurationServer(() => configurationFor(null));
    const queryClient = await loadQueryClient();
    expect(queryClient.getQueryData(appConfigurationQueryOptions.queryKey)).toBeUndefined();

    act(() => loadedConfiguration.set(configurationFor('user-2')));
    expect(queryClient.getQueryData(appConfigurationQueryOptions.queryKey)?.currentUser?.id).toBe('user-2');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('WithQueryClient', () => {
  it('renders a part mounted after react-query is loaded at once, with the same client', async () => {
    const { WithQueryClient, loadQueryClient } = await freshModules();
    const loaded = await loadQueryClient();
    let seen: unknown;
    function Probe() {
      seen = useQueryClient();
      return <p data-testid="probe" />;
    }
    render(
      <Suspense fallback={<p data-testid="loading" />}>
        <WithQueryClient>
          <Probe />
        </WithQueryClient>
      </Suspense>,
    );
    expect(screen.queryByTestId('loading')).toBeNull();
    expect(seen).toBe(loaded);
  });
});
