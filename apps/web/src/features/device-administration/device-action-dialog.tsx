import { useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { DeviceNoteField } from './device-note-field';

interface DeviceActionDialogProps {
  /** The id of the title that labels the dialog. */
  titleId: string;
  title: string;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  /** Whether the choice is incomplete or the action is running. */
  confirmDisabled: boolean;
  /** Runs the action with the note the user wrote; the caller toasts and closes. */
  onConfirm(note: string): Promise<void>;
  onClose(): void;
  /** The action's own choices, above the note. */
  children: ReactNode;
}

/**
 * A dialog for one action on an administered watch (stop, exchange): the action's choices, a note
 * that goes into the history, and cancel / confirm.
 */
export function DeviceActionDialog({
  titleId,
  title,
  confirmLabel,
  confirmColor,
  confirmDisabled,
  onConfirm,
  onClose,
  children,
}: DeviceActionDialogProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        <DeviceNoteField value={note} onChange={setNote} fullWidth sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('deviceAdministration:actions.cancel')}</Button>
        <Button
          variant="contained"
          color={confirmColor}
          onClick={() => void onConfirm(note)}
          disabled={confirmDisabled}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
