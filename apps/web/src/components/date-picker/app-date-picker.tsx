import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { daDK, deDE, enUS, svSE } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/da';
import 'dayjs/locale/de';
import 'dayjs/locale/sv';
import { DATE_PICKER_MAX, DATE_PICKER_MIN, type Language } from '@homeward/contracts';
import { useAppState } from '../../app/state/app-store';

/** The one date range every picker allows (spec §9). */
export const DATE_PICKER_BOUNDS = { min: dayjs(DATE_PICKER_MIN), max: dayjs(DATE_PICKER_MAX) } as const;

const PICKER_TEXTS: Record<Language, typeof enUS> = { en: enUS, da: daDK, sv: svSE, de: deDE };

export type AppDatePickerProps = Omit<DatePickerProps, 'minDate' | 'maxDate'>;

/**
 * The shared date picker: dayjs, the UI language, and the product's date bounds. Import it through
 * `lazy-app-date-picker` so the picker library stays out of the initial bundle.
 */
export function AppDatePicker(props: AppDatePickerProps) {
  const language = useAppState((state) => state.language);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language}
      localeText={PICKER_TEXTS[language].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <DatePicker {...props} minDate={DATE_PICKER_BOUNDS.min} maxDate={DATE_PICKER_BOUNDS.max} />
    </LocalizationProvider>
  );
}
