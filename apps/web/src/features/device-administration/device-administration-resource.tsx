import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import {
  ADMINISTERED_DEVICE_SORT_FIELDS,
  physicalLocationName,
  type AdministeredDevice,
} from '@homeward/contracts';
import type { CrudResource } from '../../components/crud/crud-resource';
import { yesNoColumn } from '../../components/crud/yes-no-column';
import { DEVICE_ADMINISTRATION_QUERY_KEY, getAdministeredDevices } from './get-administered-devices';

/** The translated name of a physical location value. */
export const locationLabel = (t: (key: string) => string, value: AdministeredDevice['physicalLocation']) =>
  t(`deviceAdministration:location.${physicalLocationName(value)}`);

/**
 * Watches as a read-only list resource: every change happens on the device's page. `allTenants`
 * adds the tenant column (the host's All tenants view).
 */
export function deviceAdministrationResource(options: {
  allTenants: boolean;
  open(device: AdministeredDevice): void;
}): CrudResource<AdministeredDevice, Record<string, never>> {
  return {
    queryKey: DEVICE_ADMINISTRATION_QUERY_KEY,
    titleKey: 'deviceAdministration:title',
    entityKey: 'deviceAdministration:entity',
    columns: (t) =>
      [
        {
          field: 'name',
          headerName: t('deviceAdministration:columns.name'),
          flex: 1,
          minWidth: 160,
          renderCell: ({ row }) => (
            <Link component={RouterLink} to={`/device-administration/${row.id}`}>
              {row.name}
            </Link>
          ),
        },
        { field: 'imei', headerName: t('deviceAdministration:columns.imei'), width: 170 },
        {
          field: 'physicalLocation',
          headerName: t('deviceAdministration:columns.physicalLocation'),
          width: 170,
          valueFormatter: (value: AdministeredDevice['physicalLocation']) => locationLabel(t, value),
        },
        {
          field: 'saleType',
          headerName: t('deviceAdministration:columns.saleType'),
          width: 130,
          valueFormatter: (value: string | null) => t(`deviceAdministration:saleTypes.${value ?? 'none'}`),
        },
        yesNoColumn<AdministeredDevice>(t, 'readyForSale', 'deviceAdministration:columns.readyForSale'),
        {
          field: 'condition',
          headerName: t('deviceAdministration:columns.condition'),
          width: 130,
          valueFormatter: (value: string | null) => t(`deviceAdministration:conditions.${value ?? 'none'}`),
        },
        {
          field: 'stoppedAs',
          headerName: t('deviceAdministration:columns.stopped'),
          width: 150,
          sortable: false,
          valueFormatter: (value: string | null) =>
            value ? t(`deviceAdministration:stopKinds.${value}`) : '',
        },
        ...(options.allTenants
          ? [
              {
                field: 'tenantName',
                headerName: t('deviceAdministration:columns.tenant'),
                flex: 1,
                minWidth: 140,
              },
            ]
          : []),
      ] satisfies GridColDef<AdministeredDevice>[],
    sortFields: ADMINISTERED_DEVICE_SORT_FIELDS,
    getId: (device) => device.id,
    getName: (device) => device.name,
    fetchList: getAdministeredDevices,
    permissions: {},
    rowActions: [
      {
        id: 'device-administration-open',
        labelKey: 'deviceAdministration:open',
        icon: <OpenInNewIcon fontSize="small" />,
        onClick: options.open,
      },
    ],
  };
}
