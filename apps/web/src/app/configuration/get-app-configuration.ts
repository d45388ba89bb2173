import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfiguration } from '@homeward/contracts';
import { apiFetch } from '../api/api-fetch';

export function getAppConfiguration(): Promise<AppConfiguration> {
  return apiFetch<AppConfiguration>('/api/app/configuration');
}

export const appConfigurationQueryOptions = queryOptions({
  queryKey: ['app', 'configuration'],
  queryFn: getAppConfiguration,
  staleTime: Infinity,
});

/** The configuration query, for the bootstrap gate that waits for it. */
export function useAppConfigurationQuery() {
  return useQuery(appConfigurationQueryOptions);
}

/**
 * The loaded configuration. Screens render only after the bootstrap gate saw it arrive, so it is
 * always present below the gate.
 */
export function useAppConfiguration(): AppConfiguration {
  const { data } = useQuery(appConfigurationQueryOptions);
  if (!data) throw new Error('useAppConfiguration used outside the bootstrap gate');
  return data;
}
