import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ALL_TENANTS_ID } from '@homeward/contracts';
import { useAppState } from '../../app/state/app-store';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { deviceAdministrationResource } from './device-administration-resource';

/** /device-administration: every watch's location and sale state; the host's All view adds the tenant. */
export function DeviceAdministrationListPage() {
  const navigate = useNavigate();
  const allTenants = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const resource = useMemo(
    () =>
      deviceAdministrationResource({
        allTenants,
        open: (device) => void navigate(`/device-administration/${device.id}`),
      }),
    [allTenants, navigate],
  );
  return <CrudListPage resource={resource} />;
}
