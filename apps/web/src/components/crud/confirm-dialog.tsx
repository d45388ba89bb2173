import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The id of the title that labels the dialog; MUI makes one up when it is left out. */
  titleId?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): Promise<unknown>;
  onClose(): void;
  /** Prefix of the test ids `<prefix>-dialog`, `<prefix>-cancel` and `<prefix>-ok`; none without it. */
  testIdPrefix?: string;
  children: ReactNode;
}

/**
 * Asks before an irreversible action (deleting, deactivating). The confirm button shows that it is
 * busy; the dialog closes when the action succeeds and stays open when it fails, because the
 * action's mutation toasts why and the user may cancel or try again.
 */
export function ConfirmDialog({
  open,
  title,
  titleId,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  testIdPrefix,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const testId = (suffix: string) => (testIdPrefix ? `${testIdPrefix}-${suffix}` : undefined);
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
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} data-testid={testId('dialog')}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={testId('cancel')}>
          {cancelLabel}
        </Button>
        <Button color="error" variant="contained" loading={busy} onClick={confirm} data-testid={testId('ok')}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
