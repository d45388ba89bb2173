import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { SettingGroup, SettingGroupResponse, UpdateSettingsRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../app/api/api-request-error';
import { usePermission } from '../../app/auth/permissions';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useSettingGroup } from './get-setting-group';
import { useSaveSettingGroup } from './save-setting-group';
import { SendTestEmailButton } from './send-test-email-button';
import { SettingField, settingLabelKey, type SettingDraft } from './setting-field';

type Drafts = Record<string, SettingDraft>;

/** The values to send: only what changed, typed as the API takes them. */
export function changedValues(loaded: SettingGroupResponse, drafts: Drafts): UpdateSettingsRequest['values'] {
  const values: UpdateSettingsRequest['values'] = {};
  for (const setting of loaded.settings) {
    if (!(setting.name in drafts) || !setting.isEditable) continue;
    const draft = drafts[setting.name]!;
    if (draft === null) values[setting.name] = null;
    else if (setting.type === 'secret') values[setting.name] = draft;
    else if (draft !== setting.value)
      values[setting.name] = setting.type === 'boolean' ? draft === 'true' : draft;
  }
  return values;
}

/** One tab: the group's settings, saved together, with the server's field errors at their fields. */
export function SettingGroupForm({ group, permission }: { group: SettingGroup; permission: string }) {
  const { t } = useTranslation('settings');
  const notify = useNotify();
  const canEdit = usePermission(`${permission}.Edit`);
  const query = useSettingGroup(group);
  const save = useSaveSettingGroup(group);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (query.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        data-testid="settings-load-error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed', { reason: apiErrorText(t, query.error) })}
      </Alert>
    );
  }

  const loaded = query.data;
  const values = changedValues(loaded, drafts);
  const dirty = Object.keys(values).length > 0;

  const onSave = () => {
    setErrors({});
    save.mutate(values, {
      onSuccess: () => {
        setDrafts({});
        notify.success(t('saved'));
      },
      onError: (error) => {
        const fieldErrors: Record<string, string> = {};
        if (error instanceof ApiRequestError) {
          for (const fieldError of error.body?.error.validationErrors ?? []) {
            const label = t(settingLabelKey(fieldError.field), { defaultValue: fieldError.field });
            fieldErrors[fieldError.field] = translateValidationMessage(
              t,
              fieldError.message,
              label,
              fieldError.params,
            );
          }
        }
        setErrors(fieldErrors);
        notify.error(t('saveFailed', { reason: apiErrorText(t, error) }));
      },
    });
  };

  return (
    <Stack sx={{ gap: 3, maxWidth: 640 }} data-testid={`settings-form-${group}`}>
      {loaded.level === 'T' && <Alert severity="info">{t('tenantLevelHint')}</Alert>}
      {loaded.settings.map((setting) => (
        <SettingField
          key={setting.name}
          setting={canEdit ? setting : { ...setting, isEditable: false }}
          draft={drafts[setting.name]}
          error={errors[setting.name]}
          canReset={setting.source === loaded.level && !(setting.name in drafts)}
          onChange={(draft) =>
            setDrafts(({ [setting.name]: _previous, ...rest }) =>
              draft === undefined ? rest : { ...rest, [setting.name]: draft },
            )
          }
        />
      ))}
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {canEdit && (
          <Button
            variant="contained"
            onClick={onSave}
            disabled={!dirty || save.isPending}
            data-testid="settings-save"
          >
            {save.isPending ? t('saving') : t('save')}
          </Button>
        )}
        {canEdit && dirty && (
          <Button
            onClick={() => {
              setDrafts({});
              setErrors({});
            }}
            disabled={save.isPending}
          >
            {t('discard')}
          </Button>
        )}
        {group === 'emailing' && <SendTestEmailButton />}
      </Stack>
    </Stack>
  );
}
