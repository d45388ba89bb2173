import { SUPPORTED_LANGUAGES, type Language, type LanguageInfo } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { findAllLanguages } from './languages.repository';

const isShipped = (culture: string): culture is Language =>
  (SUPPORTED_LANGUAGES as readonly string[]).includes(culture);

/**
 * Every configured language with its enabled and default flags, for the configuration endpoint: the
 * switcher offers the enabled ones and a new visitor gets the default. Only languages the product
 * ships resource files for are listed, since the web app can load no others.
 */
export async function listConfiguredLanguages(db: Database): Promise<LanguageInfo[]> {
  const rows = await findAllLanguages(db);
  return rows.flatMap((row) =>
    isShipped(row.cultureName)
      ? [
          {
            cultureName: row.cultureName,
            uiCultureName: row.uiCultureName,
            displayName: row.displayName,
            isEnabled: row.isEnabled,
            isDefault: row.isDefault,
          },
        ]
      : [],
  );
}
