import { daDK, deDE, enUS, svSE } from '@mui/x-data-grid/locales';
import type { Language } from '@homeward/contracts';

const GRID_TEXTS: Record<Language, typeof enUS> = { en: enUS, da: daDK, sv: svSE, de: deDE };

/** The DataGrid's own texts (paging, sorting, column menu) in the UI language. */
export function dataGridLocaleText(language: Language) {
  return GRID_TEXTS[language].components.MuiDataGrid.defaultProps.localeText;
}
