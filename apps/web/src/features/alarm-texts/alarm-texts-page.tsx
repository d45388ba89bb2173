import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permissions';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { EmptyState } from '../../components/empty-state';
import { apiErrorText } from '../../components/forms/api-error-text';
import { ScreenTitle } from '../../components/screen-title';
import { AlarmTextCard } from './alarm-text-card';
import { useAlarmTexts } from './get-alarm-texts';

/** The languages texts can be written in: the enabled ones, else the one the app is shown in. */
function useTextLanguages() {
  const configuration = useAppConfiguration();
  const enabled = configuration.languages.filter((language) => language.isEnabled);
  if (enabled.length > 0)
    return enabled.map(({ cultureName, displayName }) => ({ cultureName, displayName }));
  return [configuration.currentCulture];
}

/**
 * /alarm-texts (spec §7 "alarm texts"): the message an alarm receiver gets, per alarm kind, in a
 * chosen language; the tenant's own text or the shipped default, edited with a live preview.
 */
export function AlarmTextsPage() {
  const { t } = useTranslation('alarmTexts');
  const permitted = usePermission('Homeward.AlarmTexts');
  const languages = useTextLanguages();
  const { currentCulture } = useAppConfiguration();
  const [chosen, setChosen] = useState<string>();
  const language =
    languages.find((each) => each.cultureName === chosen)?.cultureName ??
    languages.find((each) => each.cultureName === currentCulture.cultureName)?.cultureName ??
    languages[0]!.cultureName;
  const query = useAlarmTexts(language, permitted);

  if (!permitted) {
    return (
      <>
        <ScreenTitle>{t('translation:routes.alarmTexts')}</ScreenTitle>
        <EmptyState title={t('noPermissionTitle')} description={t('noPermissionDescription')} />
      </>
    );
  }

  return (
    <>
      <ScreenTitle>{t('translation:routes.alarmTexts')}</ScreenTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 3, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('language')}
          value={language}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'alarm-texts-language' } }}
        >
          {languages.map((each) => (
            <MenuItem key={each.cultureName} value={each.cultureName}>
              {each.displayName}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {t('hint')}
        </Typography>
      </Stack>
      {query.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : query.isError ? (
        <Alert
          severity="error"
          data-testid="alarm-texts-load-error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed', { reason: apiErrorText(t, query.error) })}
        </Alert>
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t('emptyTitle')} />
      ) : (
        <Stack sx={{ gap: 3 }}>
          {query.data.items.map((text) => (
            <AlarmTextCard
              // A save or restore brings a new text: the card starts afresh from it.
              key={`${text.kind}-${text.language}-${text.id ?? 'default'}-${text.updatedAt ?? ''}`}
              text={text}
              canEdit={permitted}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
