import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AlarmKind, PreviewAlarmTextRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../components/forms/api-error-text';
import { useAlarmTextPreview } from './preview-alarm-text';

/**
 * The text as a receiver would read it, rendered by the server with a sample alarm. A text that
 * breaks the rules is not sent; the panel says to fix it instead.
 */
export function AlarmTextPreviewPanel({
  request,
  valid,
  kind,
}: {
  request: PreviewAlarmTextRequest;
  valid: boolean;
  kind: AlarmKind;
}) {
  const { t } = useTranslation('alarmTexts');
  const preview = useAlarmTextPreview(request);

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, bgcolor: 'action.hover' }}
      data-testid={`alarm-text-${kind}-preview`}
    >
      <Typography variant="overline" color="text.secondary">
        {t('preview')}
      </Typography>
      {preview.isFetching && <LinearProgress aria-label={t('previewLoading')} sx={{ mb: 1 }} />}
      {!valid ? (
        <Alert severity="info">{t('previewNeedsValidText')}</Alert>
      ) : preview.isError ? (
        <Alert severity="warning">{t('previewFailed', { reason: apiErrorText(t, preview.error) })}</Alert>
      ) : preview.data ? (
        <>
          <Typography
            variant="subtitle2"
            sx={{ wordBreak: 'break-word' }}
            data-testid={`alarm-text-${kind}-preview-subject`}
          >
            {preview.data.subject}
          </Typography>
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 1 }}
            data-testid={`alarm-text-${kind}-preview-body`}
          >
            {preview.data.body}
          </Typography>
        </>
      ) : null}
    </Paper>
  );
}
