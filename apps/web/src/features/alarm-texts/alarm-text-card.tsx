import { useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALARM_TEXT_BODY_MAX_LENGTH,
  ALARM_TEXT_SUBJECT_MAX_LENGTH,
  ALARM_TEXT_VARIABLES,
  type AlarmText,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import {
  draftErrors,
  draftOf,
  insertAt,
  serverErrors,
  type AlarmTextDraft,
  type AlarmTextErrors,
  type AlarmTextField,
} from './alarm-text-fields';
import { AlarmTextPreviewPanel } from './alarm-text-preview-panel';
import { useRestoreDefaultAlarmText, useSaveAlarmText } from './save-alarm-text';

/**
 * One alarm kind's text in one language: subject and body with variable chips that insert at the
 * caret of the field last used, a live preview, Save and Restore default. The caller keys it by
 * the loaded text, so a save or restore starts it afresh from what the server has.
 */
export function AlarmTextCard({ text, canEdit }: { text: AlarmText; canEdit: boolean }) {
  const { t } = useTranslation('alarmTexts');
  const notify = useNotify();
  const save = useSaveAlarmText(text.kind, text.language);
  const restore = useRestoreDefaultAlarmText(text.kind, text.language);
  const [draft, setDraft] = useState<AlarmTextDraft>(() => draftOf(text));
  const [rejected, setRejected] = useState<AlarmTextErrors>({});
  const inputs = useRef<Partial<Record<AlarmTextField, HTMLInputElement | HTMLTextAreaElement>>>({});
  const lastField = useRef<AlarmTextField>('body');

  const dirty = draft.subject !== text.subject || draft.body !== text.body;
  const ruleErrors = draftErrors(t, draft);
  const valid = Object.keys(ruleErrors).length === 0;
  // The shipped texts always pass; a rule is shown once the user has changed something.
  const errors = { ...rejected, ...(dirty ? ruleErrors : {}) };
  const previewRequest = useMemo(
    () => ({ language: text.language, subject: draft.subject, body: draft.body }),
    [text.language, draft.subject, draft.body],
  );
  const busy = save.isPending || restore.isPending;

  const change = (field: AlarmTextField, value: string) => {
    setRejected(({ [field]: _dropped, ...rest }) => rest);
    setDraft((previous) => ({ ...previous, [field]: value }));
  };

  const insertVariable = (name: string) => {
    const field = lastField.current;
    const input = inputs.current[field];
    const value = draft[field];
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? value.length;
    const { text: next, caret } = insertAt(value, `{${name}}`, start, end);
    change(field, next);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(caret, caret);
    });
  };

  const onSave = () => {
    save.mutate(draft, {
      onSuccess: () => notify.success(t('saved', { kind: t(`alarms:kinds.${text.kind}`) })),
      onError: (error) => {
        setRejected(serverErrors(t, error));
        notify.error(t('saveFailed', { reason: apiErrorText(t, error) }));
      },
    });
  };

  const discard = () => {
    setDraft(draftOf(text));
    setRejected({});
  };

  const onRestore = () => {
    restore.mutate(undefined, {
      onSuccess: () => notify.success(t('restored', { kind: t(`alarms:kinds.${text.kind}`) })),
      onError: (error) => notify.error(t('restoreFailed', { reason: apiErrorText(t, error) })),
    });
  };

  const field = (name: AlarmTextField, maxLength: number, multiline: boolean) => (
    <TextField
      label={t(name)}
      value={draft[name]}
      onChange={(event) => change(name, event.target.value)}
      onFocus={() => (lastField.current = name)}
      inputRef={(element: HTMLInputElement | HTMLTextAreaElement | null) => {
        if (element) inputs.current[name] = element;
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? `${draft[name].length} / ${maxLength}`}
      disabled={!canEdit || busy}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `alarm-text-${text.kind}-${name}` } }}
    />
  );

  return (
    <Card variant="outlined" data-testid={`alarm-text-${text.kind}`}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t(`alarms:kinds.${text.kind}`)}
          </Typography>
          {text.isDefault ? (
            <Chip size="small" label={t('defaultBadge')} data-testid={`alarm-text-${text.kind}-default`} />
          ) : (
            <Chip size="small" color="primary" variant="outlined" label={t('customBadge')} />
          )}
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Stack sx={{ gap: 2 }}>
            {field('subject', ALARM_TEXT_SUBJECT_MAX_LENGTH, false)}
            {field('body', ALARM_TEXT_BODY_MAX_LENGTH, true)}
            {canEdit && (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('insertVariable')}
                </Typography>
                {ALARM_TEXT_VARIABLES.map((name) => (
                  <Chip
                    key={name}
                    size="small"
                    label={`{${name}}`}
                    title={t(`variables.${name}`)}
                    disabled={busy}
                    // Keeps the caret in the field being edited.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insertVariable(name)}
                    data-testid={`alarm-text-${text.kind}-variable-${name}`}
                  />
                ))}
              </Stack>
            )}
          </Stack>
          <AlarmTextPreviewPanel request={previewRequest} valid={valid} kind={text.kind} />
        </Box>
        {canEdit && (
          <Stack direction="row" sx={{ gap: 2, mt: 2, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              onClick={onSave}
              disabled={!dirty || !valid || busy}
              data-testid={`alarm-text-${text.kind}-save`}
            >
              {save.isPending ? t('saving') : t('save')}
            </Button>
            {dirty && (
              <Button onClick={discard} disabled={busy}>
                {t('discard')}
              </Button>
            )}
            {!text.isDefault && (
              <Button
                color="error"
                onClick={onRestore}
                disabled={busy}
                data-testid={`alarm-text-${text.kind}-restore`}
              >
                {t('restoreDefault')}
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
