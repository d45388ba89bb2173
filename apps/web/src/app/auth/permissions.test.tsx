import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigurationQueryOptions } from '../configuration/get-app-configuration';
import { createQueryClient } from '../query/query-client';
import { IfPermitted, usePermission } from './permissions';
import { configurationFor } from './test-render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe({ permission }: { permission?: string }) {
  return <p data-testid="probe">{String(usePermission(permission))}</p>;
}

function renderWith(permissions: string[] | undefined, ui: ReactNode) {
  const queryClient = createQueryClient();
  if (permissions) {
    queryClient.setQueryData(appConfigurationQueryOptions.queryKey, configurationFor('user-1', permissions));
  }
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return queryClient;
}

describe('usePermission', () => {
  it('is true only for a granted permission, and for no permission at all', () => {
    renderWith(['Homeward.Devices'], <Probe permission="Homeward.Devices" />);
    expect(screen.getByTestId('probe').textContent).toBe('true');
    cleanup();
    renderWith(['Homeward.Devices'], <Probe permission="Homeward.Devices.Delete" />);
    expect(screen.getByTestId('probe').textContent).toBe('false');
    cleanup();
    renderWith([], <Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('true');
  });

  it('follows a refreshed configuration', async () => {
    const queryClient = renderWith([], <Probe permission="Homeward.Roles" />);
    expect(screen.getByTestId('probe').textContent).toBe('false');
    act(() =>
      queryClient.setQueryData(
        appConfigurationQueryOptions.queryKey,
        configurationFor('user-1', ['Homeward.Roles']),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('true'));
  });

  it('denies without a loaded configuration and never fetches it itself', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(undefined, <Probe permission="Homeward.Devices" />);
    expect(screen.getByTestId('probe').textContent).toBe('false');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('IfPermitted', () => {
  it('renders its children only for a granted permission, else the fallback', () => {
    renderWith(
      ['Homeward.Devices.Create'],
      <>
        <IfPermitted permission="Homeward.Devices.Create">
          <button data-testid="create">Create</button>
        </IfPermitted>
        <IfPermitted permission="Homeward.Devices.Delete" fallback={<span data-testid="no-delete" />}>
          <button data-testid="delete">Delete</button>
        </IfPermitted>
      </>,
    );
    expect(screen.getByTestId('create')).toBeTruthy();
    expect(screen.queryByTestId('delete')).toBeNull();
    expect(screen.getByTestId('no-delete')).toBeTruthy();
  });
});
