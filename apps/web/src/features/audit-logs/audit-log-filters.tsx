import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AUDIT_HTTP_METHODS, type AuditLogListRequest } from '@homeward/contracts';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyAppDatePicker } from '../../components/date-picker/lazy-app-date-picker';

/** What the user typed or picked; turned into the API's filter by `toAuditLogFilter`. */
export interface AuditLogFilterValues {
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  userName: string;
  httpMethod: string;
  url: string;
  statusCode: string;
  minDuration: string;
  /** '' (any), 'true' or 'false'. */
  hasException: string;
}

export const EMPTY_AUDIT_LOG_FILTER: AuditLogFilterValues = {
  startDate: null,
  endDate: null,
  userName: '',
  httpMethod: '',
  url: '',
  statusCode: '',
  minDuration: '',
  hasException: '',
};

type AuditLogFilter = Omit<AuditLogListRequest, 'skipCount' | 'maxResultCount' | 'sorting' | 'filter'>;

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

/**
 * Whole days in the user's time zone, from the start of the first to the start of the day after the
 * last. Numbers that are not whole numbers yet (half typed) are left out rather than sent.
 */
export function toAuditLogFilter(values: AuditLogFilterValues): AuditLogFilter {
  const valid = (date: Dayjs | null) => (date?.isValid() ? date : null);
  const start = valid(values.startDate);
  const end = valid(values.endDate);
  const statusCode = wholeNumber(values.statusCode);
  const minDuration = wholeNumber(values.minDuration);
  return {
    ...(start ? { startTime: start.startOf('day').toISOString() } : {}),
    ...(end ? { endTime: end.add(1, 'day').startOf('day').toISOString() } : {}),
    ...(values.userName.trim() ? { userName: values.userName.trim() } : {}),
    ...(values.httpMethod ? { httpMethod: values.httpMethod as AuditLogFilter['httpMethod'] } : {}),
    ...(values.url.trim() ? { url: values.url.trim() } : {}),
    ...(statusCode !== undefined && statusCode >= 100 && statusCode <= 599 ? { statusCode } : {}),
    ...(minDuration !== undefined ? { minDuration } : {}),
    ...(values.hasException ? { hasException: values.hasException as 'true' | 'false' } : {}),
  };
}

interface AuditLogFiltersProps {
  values: AuditLogFilterValues;
  onChange(values: AuditLogFilterValues): void;
}

export function AuditLogFilters({ values, onChange }: AuditLogFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<AuditLogFilterValues>) => onChange({ ...values, ...patch });
  const text = (field: 'userName' | 'url' | 'statusCode' | 'minDuration', width?: number) => (
    <TextField
      size="small"
      label={t(`audit:filters.${field}`)}
      value={values[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      sx={width ? { width } : undefined}
      slotProps={{
        htmlInput: {
          'data-testid': `audit-log-filter-${field}`,
          ...(field === 'statusCode' || field === 'minDuration' ? { inputMode: 'numeric' } : {}),
        },
      }}
    />
  );
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap' }}
      data-testid="audit-log-filters"
    >
      <LazyAppDatePicker
        label={t('audit:filters.startDate')}
        value={values.startDate}
        onChange={(startDate) => set({ startDate })}
        slotProps={{ field: { clearable: true }, textField: { size: 'small' } }}
      />
      <LazyAppDatePicker
        label={t('audit:filters.endDate')}
        value={values.endDate}
        onChange={(endDate) => set({ endDate })}
        slotProps={{ field: { clearable: true }, textField: { size: 'small' } }}
      />
      {text('userName')}
      <TextField
        select
        size="small"
        label={t('audit:filters.httpMethod')}
        value={values.httpMethod}
        onChange={(event) => set({ httpMethod: event.target.value })}
        sx={{ minWidth: 130 }}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'audit-log-filter-httpMethod' },
        }}
      >
        <option value="">{t('audit:filters.any')}</option>
        {AUDIT_HTTP_METHODS.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </TextField>
      {text('url')}
      {text('statusCode', 130)}
      {text('minDuration', 170)}
      <TextField
        select
        size="small"
        label={t('audit:filters.hasException')}
        value={values.hasException}
        onChange={(event) => set({ hasException: event.target.value })}
        sx={{ minWidth: 150 }}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'audit-log-filter-hasException' },
        }}
      >
        <option value="">{t('audit:filters.any')}</option>
        <option value="true">{t('audit:filters.yes')}</option>
        <option value="false">{t('audit:filters.no')}</option>
      </TextField>
    </Stack>
  );
}
