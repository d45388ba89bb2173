import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface StellaPrefixQuestion {
  stellaId: string;
  prefix: string;
  answer(registerAnyway: boolean): void;
}

/** Spec §5: a Stella ID with the wrong prefix is a warning; OK registers the device anyway. */
export function StellaPrefixDialog({ question }: { question: StellaPrefixQuestion | null }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={question !== null}
      onClose={() => question?.answer(false)}
      data-testid="stella-prefix-dialog"
    >
      <DialogTitle>{t('devices:prefixWarningTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {question &&
            t('devices:prefixWarningText', { stellaId: question.stellaId, prefix: question.prefix })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => question?.answer(false)} data-testid="stella-prefix-cancel">
          {t('identity:crud.cancel')}
        </Button>
        <Button variant="contained" onClick={() => question?.answer(true)} data-testid="stella-prefix-ok">
          {t('devices:registerAnyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
