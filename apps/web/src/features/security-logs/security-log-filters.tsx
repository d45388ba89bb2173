import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SECURITY_LOG_ACTIONS, type SecurityLogListRequest } from '@homeward/contracts';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyAppDatePicker } from '../../components/date-picker/lazy-app-date-picker';

/** What the user typed or picked; turned into the API's filter by `toSecurityLogFilter`. */
export interface SecurityLogFilterValues {
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  action: string;
  userName: string;
  clientId: string;
}

export const EMPTY_SECURITY_LOG_FILTER: SecurityLogFilterValues = {
  startDate: null,
  endDate: null,
  action: '',
  userName: '',
  clientId: '',
};

type SecurityLogFilter = Omit<SecurityLogListRequest, 'skipCount' | 'maxResultCount' | 'sorting' | 'filter'>;

/** Whole days in the user's time zone: from the start of the first to the start of the day after the last. */
export function toSecurityLogFilter(values: SecurityLogFilterValues): SecurityLogFilter {
  const valid = (date: Dayjs | null) => (date?.isValid() ? date : null);
  const start = valid(values.startDate);
  const end = valid(values.endDate);
  return {
    ...(start ? { startTime: start.startOf('day').toISOString() } : {}),
    ...(end ? { endTime: end.add(1, 'day').startOf('day').toISOString() } : {}),
    ...(values.action ? { action: values.action } : {}),
    ...(values.userName.trim() ? { userName: values.userName.trim() } : {}),
    ...(values.clientId.trim() ? { clientId: values.clientId.trim() } : {}),
  };
}

interface SecurityLogFiltersProps {
  values: SecurityLogFilterValues;
  onChange(values: SecurityLogFilterValues): void;
  /** False on a user's own log (/account): only the time range and action apply there. */
  showUserAndClient?: boolean;
}

export function SecurityLogFilters({ values, onChange, showUserAndClient = true }: SecurityLogFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<SecurityLogFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <LazyAppDatePicker
        label={t('identity:securityLogs.startDate')}
        value={values.startDate}
        onChange={(startDate) => set({ startDate })}
        slotProps={{ field: { clearable: true }, textField: { size: 'small' } }}
      />
      <LazyAppDatePicker
        label={t('identity:securityLogs.endDate')}
        value={values.endDate}
        onChange={(endDate) => set({ endDate })}
        slotProps={{ field: { clearable: true }, textField: { size: 'small' } }}
      />
      <TextField
        select
        size="small"
        label={t('identity:securityLogs.action')}
        value={values.action}
        onChange={(event) => set({ action: event.target.value })}
        sx={{ minWidth: 200 }}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'security-log-action' },
        }}
      >
        <option value="">{t('identity:securityLogs.allActions')}</option>
        {SECURITY_LOG_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {t(`identity:securityLogs.actions.${action}`)}
          </option>
        ))}
      </TextField>
      {showUserAndClient && (
        <>
          <TextField
            size="small"
            label={t('identity:securityLogs.userName')}
            value={values.userName}
            onChange={(event) => set({ userName: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'security-log-user-name' } }}
          />
          <TextField
            size="small"
            label={t('identity:securityLogs.clientId')}
            value={values.clientId}
            onChange={(event) => set({ clientId: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'security-log-client-id' } }}
          />
        </>
      )}
    </Stack>
  );
}
