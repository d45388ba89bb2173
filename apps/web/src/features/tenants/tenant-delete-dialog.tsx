import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@homeward/contracts';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { TENANTS_QUERY_KEY } from './get-tenants';
import { deleteTenant } from './save-tenant';

/**
 * Asks before a tenant is deleted and says what goes with it: the database cascades to the
 * tenant's users, roles, devices and all other rows. Stays open when deleting fails (toasted).
 */
export function TenantDeleteDialog({ tenant, onClose }: { tenant: Tenant; onClose(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const remove = useCrudMutation({
    mutationFn: (id: string) => deleteTenant(id),
    queryKey: TENANTS_QUERY_KEY,
    entityKey: 'tenants:entity',
    operation: 'delete',
  });
  const confirm = async () => {
    setBusy(true);
    try {
      await remove.mutateAsync(tenant.id);
      onClose();
    } catch {
      // Reported by the mutation's failure toast; the dialog stays so the user can cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} data-testid="confirm-delete-dialog">
      <DialogTitle>{t('tenants:deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('tenants:deleteQuestion', { name: tenant.name })}
        </DialogContentText>
        <Alert severity="warning" data-testid="tenant-delete-warning">
          {t('tenants:deleteWarning')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="confirm-delete-cancel">
          {t('identity:crud.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={busy}
          onClick={confirm}
          data-testid="confirm-delete-ok"
        >
          {t('identity:crud.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
