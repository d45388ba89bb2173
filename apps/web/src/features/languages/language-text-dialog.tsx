import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LanguageText } from '@homeward/contracts';
import { ApiRequestError } from '../../app/api/api-request-error';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { TEXTS_QUERY_KEY, restoreText, updateText } from './languages-api';

interface LanguageTextDialogProps {
  text: LanguageText;
  cultureName: string;
  onClose(): void;
}

/**
 * Edits one text of the target language, or restores the shipped value. Afterwards the namespace is
 * reloaded in i18next, so a text of the running app changes at once.
 */
export function LanguageTextDialog({ text, cultureName, onClose }: LanguageTextDialogProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(text.value);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const afterWrite = async () => {
    await queryClient.invalidateQueries({ queryKey: TEXTS_QUERY_KEY });
    await i18n.reloadResources([cultureName], [text.namespace]);
    onClose();
  };
  const save = useMutation({
    mutationFn: () => updateText(cultureName, text, value),
    onSuccess: async () => {
      notify.success(t('languages:texts.saveSucceeded'));
      await afterWrite();
    },
    onError: (error) => {
      const field = error instanceof ApiRequestError ? error.body?.error?.validationErrors?.[0] : undefined;
      const label = t('languages:texts.value');
      setFieldError(field ? translateValidationMessage(t, field.message, label, field.params) : null);
      notify.error(t('languages:texts.saveFailed', { reason: apiErrorText(t, error) }));
    },
  });
  const restore = useMutation({
    mutationFn: () => restoreText(cultureName, text),
    onSuccess: async () => {
      notify.success(t('languages:texts.restoreSucceeded'));
      await afterWrite();
    },
    onError: (error) => notify.error(t('languages:texts.restoreFailed', { reason: apiErrorText(t, error) })),
  });
  const busy = save.isPending || restore.isPending;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" data-testid="text-edit-dialog">
      <DialogTitle>{t('languages:texts.editTitle', { key: `${text.namespace}:${text.key}` })}</DialogTitle>
      <DialogContent>
        <Typography variant="caption" color="text.secondary">
          {t('languages:texts.baseValue')}
        </Typography>
        <Typography sx={{ mb: 2, whiteSpace: 'pre-wrap' }} data-testid="text-base-value">
          {text.baseValue}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={t('languages:texts.value')}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setFieldError(null);
          }}
          error={fieldError !== null}
          helperText={fieldError}
          slotProps={{ htmlInput: { 'data-testid': 'text-value-input' } }}
        />
      </DialogContent>
      <DialogActions>
        {text.isOverridden && (
          <Button color="error" disabled={busy} onClick={() => restore.mutate()} data-testid="text-restore">
            {t('languages:texts.restore')}
          </Button>
        )}
        <Button disabled={busy} onClick={onClose}>
          {t('languages:texts.cancel')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => save.mutate()} data-testid="text-save">
          {t('languages:texts.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
