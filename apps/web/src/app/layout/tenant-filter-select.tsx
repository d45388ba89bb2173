import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALL_TENANTS_ID, HOST_TENANT_FILTER } from '@homeward/contracts';
import { useTenantLookup } from '../../features/tenants/get-tenants';
import { appStore, useAppState } from '../state/app-store';

const optionTestId = (value: string) => `tenant-filter-option-${value === ALL_TENANTS_ID ? 'all' : value}`;

/** The filter's select, loaded only for the host's users who may filter (tenant-filter.tsx). */
export function TenantFilterSelect() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tenantFilter = useAppState((state) => state.tenantFilter);
  // Organizations, and the chosen tenant even when it is one of the many households.
  const chosen =
    tenantFilter && tenantFilter !== ALL_TENANTS_ID && tenantFilter !== HOST_TENANT_FILTER
      ? tenantFilter
      : undefined;
  const lookup = useTenantLookup(true, chosen);
  const tenants = lookup.data?.items ?? [];
  // No choice yet means the host's own scope. A remembered tenant that no longer exists (deleted)
  // shows as the host until the list has loaded and confirms it.
  const known =
    tenantFilter === null ||
    tenantFilter === ALL_TENANTS_ID ||
    tenantFilter === HOST_TENANT_FILTER ||
    tenants.some((tenant) => tenant.id === tenantFilter);
  const value = tenantFilter !== null && known ? tenantFilter : HOST_TENANT_FILTER;

  const choose = (next: string) => {
    if (next === value) return;
    appStore.setState({ tenantFilter: next });
    void queryClient.invalidateQueries();
  };

  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={value}
      onChange={(event) => choose(event.target.value)}
      aria-label={t('tenants:filter.label')}
      slotProps={{
        htmlInput: { 'data-testid': 'tenant-filter-input' },
        select: {
          'data-testid': 'tenant-filter',
          disableUnderline: true,
          inputProps: { 'aria-label': t('tenants:filter.label') },
        } as object,
      }}
      sx={{
        mx: 1,
        minWidth: 160,
        maxWidth: 240,
        '& .MuiInputBase-root, & .MuiSelect-icon': { color: 'inherit' },
      }}
    >
      <MenuItem value={ALL_TENANTS_ID} data-testid={optionTestId(ALL_TENANTS_ID)}>
        {t('tenants:filter.all')}
      </MenuItem>
      <MenuItem value={HOST_TENANT_FILTER} data-testid={optionTestId(HOST_TENANT_FILTER)}>
        {t('tenants:filter.host')}
      </MenuItem>
      {tenants.map((tenant) => (
        <MenuItem key={tenant.id} value={tenant.id} data-testid={optionTestId(tenant.id)}>
          {tenant.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
