import type { AppConfiguration } from '@homeward/contracts';
import { useLoadedConfiguration } from '../configuration/get-app-configuration';

const NONE: AppConfiguration['features'] = Object.freeze({});

/** The feature values of the signed-in user's tenant (none before the configuration loaded). */
export function useFeatures(): AppConfiguration['features'] {
  // Reads the loaded configuration only, like `useGrantedPolicies`: the bootstrap gate owns fetching.
  return useLoadedConfiguration()?.features ?? NONE;
}
