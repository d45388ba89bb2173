import type { LanguageInfo } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { listLanguages } from '../app-configuration/app-configuration.service';

/** The languages the switcher offers, with the default; language management makes them editable. */
export async function listConfiguredLanguages(_db: Database): Promise<LanguageInfo[]> {
  return listLanguages();
}
