import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Asks before a card is removed; removing the default card says what that means for charges. */
export function RemoveCardDialog({
  cardName,
  isDefault,
  busy,
  onConfirm,
  onClose,
}: {
  /** "Visa •••• 4242". */
  cardName: string;
  isDefault: boolean;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="remove-card-dialog"
    >
      <DialogTitle id={`${id}-title`}>{t('billingAccount:cards.removeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {t('billingAccount:cards.removeQuestion', { card: cardName })}
          {isDefault && ` ${t('billingAccount:cards.removeDefaultWarning')}`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('billingAccount:cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={busy}
          onClick={onConfirm}
          data-testid="remove-card-confirm"
        >
          {t('billingAccount:cards.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
