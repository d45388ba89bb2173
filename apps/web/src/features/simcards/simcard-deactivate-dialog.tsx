import DialogContentText from '@mui/material/DialogContentText';
import type { Simcard } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/crud/confirm-dialog';

/**
 * Asks before SIM cards are deactivated (one, or the selected ones): they are unpaired and their
 * watches lose the number. Stays open when it fails (the mutation toasts why).
 */
export function SimcardDeactivateDialog({
  simcards,
  onConfirm,
  onClose,
}: {
  simcards: Simcard[];
  onConfirm(): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const one = simcards.length === 1 ? simcards[0] : undefined;
  return (
    <ConfirmDialog
      open
      title={
        one ? t('simcards:deactivate.title') : t('simcards:deactivate.manyTitle', { count: simcards.length })
      }
      titleId="simcard-deactivate-title"
      confirmLabel={t('simcards:deactivate.confirm')}
      cancelLabel={t('simcards:deactivate.cancel')}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <DialogContentText>
        {one ? t('simcards:deactivate.text', { iccid: one.iccid }) : t('simcards:deactivate.manyText')}
      </DialogContentText>
    </ConfirmDialog>
  );
}
