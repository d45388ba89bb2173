import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TENANT_KINDS, type TenantKind } from '@homeward/contracts';

/** The tenants screen's kind filter: all tenants, organizations or households. */
export function TenantKindFilter({
  value,
  onChange,
}: {
  value: TenantKind | undefined;
  onChange(kind: TenantKind | undefined): void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('tenants:kind.label')}
      value={value ?? 'all'}
      onChange={(event) =>
        onChange(event.target.value === 'all' ? undefined : (event.target.value as TenantKind))
      }
      slotProps={{ select: { 'data-testid': 'tenant-kind-filter' } as object }}
      sx={{ minWidth: 200, mb: 2 }}
    >
      <MenuItem value="all">{t('tenants:kind.all')}</MenuItem>
      {TENANT_KINDS.map((kind) => (
        <MenuItem key={kind} value={kind} data-testid={`tenant-kind-${kind}`}>
          {t(`tenants:kind.${kind}s`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
