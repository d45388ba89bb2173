import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

interface DialogLoadingContentProps {
  /** Loading failed: show `failedText` (and a retry when `onRetry` is given) instead of the spinner. */
  failed: boolean;
  failedText: string;
  onRetry?(): void;
  onClose(): void;
}

/** What a dialog shows while the data it edits loads, or when loading failed. */
export function DialogLoadingContent({ failed, failedText, onRetry, onClose }: DialogLoadingContentProps) {
  const { t } = useTranslation();
  return (
    <>
      <DialogContent>
        {failed ? (
          <Alert
            severity="error"
            action={
              onRetry && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  {t('errors.tryAgain')}
                </Button>
              )
            }
          >
            {failedText}
          </Alert>
        ) : (
          <Stack sx={{ py: 4, alignItems: 'center' }}>
            <CircularProgress aria-label={t('identity:crud.loading')} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('identity:crud.cancel')}</Button>
      </DialogActions>
    </>
  );
}
