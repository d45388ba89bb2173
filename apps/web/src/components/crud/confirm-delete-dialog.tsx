import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

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
  return (
    <ConfirmDialog
      open={open}
      title={t('identity:crud.deleteTitle')}
      confirmLabel={t('identity:crud.delete')}
      cancelLabel={t('identity:crud.cancel')}
      onConfirm={onConfirm}
      onClose={onClose}
      testIdPrefix="confirm-delete"
    >
      <DialogContentText sx={warning ? { mb: 2 } : undefined}>
        {t('identity:crud.deleteQuestion', { name })}
      </DialogContentText>
      {warning && (
        <Alert severity="warning" data-testid="confirm-delete-warning">
          {warning}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
