import type { Tenant } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/crud/confirm-delete-dialog';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { TENANTS_QUERY_KEY } from './get-tenants';
import { deleteTenant } from './save-tenant';

/**
 * Asks before a tenant is deleted and says what goes with it: the database cascades to the
 * tenant's users, roles, devices and all other rows.
 */
export function TenantDeleteDialog({ tenant, onClose }: { tenant: Tenant; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useCrudMutation({
    mutationFn: (id: string) => deleteTenant(id),
    queryKey: TENANTS_QUERY_KEY,
    entityKey: 'tenants:entity',
    operation: 'delete',
  });
  return (
    <ConfirmDeleteDialog
      open
      name={tenant.name}
      warning={t('tenants:deleteWarning')}
      onConfirm={() => remove.mutateAsync(tenant.id)}
      onClose={onClose}
    />
  );
}
