import { useQuery } from '@tanstack/react-query';
import type { AppConfiguration } from '@homeward/contracts';
import { appConfigurationQueryOptions } from '../configuration/get-app-configuration';

function featuresOf(configuration: AppConfiguration): AppConfiguration['features'] {
  return configuration.features;
}

/** The feature values of the signed-in user's tenant (none before the configuration loaded). */
export function useFeatures(): AppConfiguration['features'] {
  // Reads the cache only, like `useGrantedPolicies`: the bootstrap gate owns fetching.
  const { data } = useQuery({ ...appConfigurationQueryOptions, enabled: false, select: featuresOf });
  return data ?? {};
}
