import { daDK, deDE, enUS, svSE } from '@mui/x-data-grid/locales';
import type { GridLocaleText } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { Language } from '@homeward/contracts';

const GRID_TEXTS: Record<Language, typeof enUS> = { en: enUS, da: daDK, sv: svSE, de: deDE };

/**
 * The DataGrid's own texts (paging, sorting, column menu) in the UI language. The rows shown
 * ("1–10 of 42") come from our texts: MUI's Danish pack leaves them in English.
 */
export function dataGridLocaleText(language: Language, t: TFunction): Partial<GridLocaleText> {
  return {
    ...GRID_TEXTS[language].components.MuiDataGrid.defaultProps.localeText,
    paginationDisplayedRows: ({ from, to, count }) =>
      count === -1
        ? t('identity:crud.displayedRowsMore', { from, to })
        : t('identity:crud.displayedRows', { from, to, count }),
  };
}
