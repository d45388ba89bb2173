import { useState } from 'react';
import { DEVICE_SORT_FIELDS, type Device } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { deviceColumns } from './device-columns';
import { DeviceFilterBar } from './device-filters';
import { useDeviceRowActions } from './device-row-actions';
import { useLiveDeviceStates } from './live-device-states';
import { DEVICES_QUERY_KEY, getDevices, type DeviceFilters } from './get-devices';

/**
 * The dashboard's device table: filters (no search box), server paging and sorting, the row
 * actions the user may use (terminal, edit name and organization, activation code, delete), and
 * live states pushed over the realtime connection. The devices screen shows the same list with
 * search, export and the registry's own columns.
 */
export function DeviceTable({ testId = 'devices-grid' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<DeviceFilters>({});
  const { rowActions, dialogs } = useDeviceRowActions();
  useLiveDeviceStates();

  const resource: CrudResource<Device, Record<string, never>, DeviceFilters> = {
    queryKey: DEVICES_QUERY_KEY,
    titleKey: 'devices:devicesTitle',
    entityKey: 'devices:entity',
    columns: () => deviceColumns(t, i18n.language),
    sortFields: DEVICE_SORT_FIELDS,
    getId: (device) => device.id,
    getName: (device) => device.imei,
    searchable: false,
    fetchList: ({ status, battery, organizationId, ...request }) =>
      getDevices(request, { status, battery, organizationId }),
    permissions: {},
    rowActions,
  };

  return (
    <CrudListPage
      resource={resource}
      hideTitle
      filters={<DeviceFilterBar value={filters} onChange={setFilters} />}
      filterValues={filters}
      gridTestId={testId}
    >
      {dialogs}
    </CrudListPage>
  );
}
