import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteDialogProps {
  open: boolean;
  /** What is deleted, as the user knows it ("Role 'Nurses'"). */
  name: string;
  onConfirm(): Promise<unknown>;
  onClose(): void;
  /** What else goes with it (a tenant takes its users, roles and devices). */
  warning?: string;
}

/** Asks before anything is deleted; stays open (and the mutation toasts) when deleting fails. */
export function ConfirmDeleteDialog({ open, name, onConfirm, onClose, warning }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // Reported by the mutation's failure toast; the dialog stays so the user can cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} data-testid="confirm-delete-dialog">
      <DialogTitle>{t('identity:crud.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={warning ? { mb: 2 } : undefined}>
          {t('identity:crud.deleteQuestion', { name })}
        </DialogContentText>
        {warning && (
          <Alert severity="warning" data-testid="confirm-delete-warning">
            {warning}
          </Alert>
        )}
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
