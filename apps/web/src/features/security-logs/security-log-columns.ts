import type { GridColDef } from '@mui/x-data-grid';
import type { SecurityLog } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The security log's grid columns, shared by the administrators' screen and the user's own
 * sign-in activity on /account, so both show times and actions the same way.
 */
export function useSecurityLogColumns(): GridColDef<SecurityLog>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      field: 'createdAt',
      headerName: t('identity:securityLogs.time'),
      width: 190,
      valueFormatter: (value: string) =>
        new Date(value).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }),
    },
    {
      field: 'action',
      headerName: t('identity:securityLogs.action'),
      flex: 1,
      minWidth: 180,
      valueFormatter: (value: string) => t(`identity:securityLogs.actions.${value}`, { defaultValue: value }),
    },
    { field: 'userName', headerName: t('identity:securityLogs.userName'), flex: 1, minWidth: 140 },
    { field: 'clientId', headerName: t('identity:securityLogs.clientId'), flex: 1, minWidth: 120 },
    {
      field: 'clientIpAddress',
      headerName: t('identity:securityLogs.clientIpAddress'),
      width: 140,
    },
    { field: 'identity', headerName: t('identity:securityLogs.identity'), width: 130 },
    { field: 'browserInfo', headerName: t('identity:securityLogs.browserInfo'), flex: 1 },
  ];
}
