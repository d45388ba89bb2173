import { useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  AVATAR_IMAGE_TYPES,
  AVATAR_MAX_MEGABYTES_DEFAULT,
  AVATAR_MAX_MEGABYTES_SETTING,
  type MyProfile,
} from '@homeward/contracts';
import { ApiRequestError } from '../../app/api/api-request-error';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useRemoveAvatar, useUploadAvatar } from './api/avatar';
import { UserAvatar } from './user-avatar';

/** The limit in MB as the settings visible to clients say (the server checks it anyway). */
function useAvatarMaxMegabytes(): number {
  const { extraProperties } = useAppConfiguration();
  const settings = (extraProperties.settings ?? {}) as Record<string, string>;
  const value = Number(settings[AVATAR_MAX_MEGABYTES_SETTING]);
  return Number.isFinite(value) && value > 0 ? value : AVATAR_MAX_MEGABYTES_DEFAULT;
}

/** Why an upload was refused: the file's own error (too large, not an image) before the generic one. */
function avatarErrorText(t: TFunction, error: unknown): string {
  const fileError = error instanceof ApiRequestError ? error.body?.error.validationErrors?.[0] : undefined;
  return fileError
    ? translateValidationMessage(t, fileError.message, t('profile:avatar.title'), fileError.params)
    : apiErrorText(t, error);
}

/** The user's picture: upload (PNG, JPEG or WebP within the size setting) and remove. */
export function AccountAvatarCard({ profile }: { profile: MyProfile | undefined }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const maxMegabytes = useAvatarMaxMegabytes();
  const [problem, setProblem] = useState<string>();
  const helpId = useId();
  const busy = upload.isPending || remove.isPending || !profile;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    setProblem(undefined);
    try {
      await upload.mutateAsync(file);
      notify.success(t('profile:avatar.uploaded'));
    } catch (error) {
      const reason = avatarErrorText(t, error);
      setProblem(reason);
      notify.error(t('profile:avatar.uploadFailed', { reason }));
    }
  };

  const removePicture = async () => {
    setProblem(undefined);
    try {
      await remove.mutateAsync(undefined);
      notify.success(t('profile:avatar.removed'));
    } catch (error) {
      notify.error(t('profile:avatar.removeFailed', { reason: apiErrorText(t, error) }));
    }
  };

  const name = profile?.name ?? profile?.userName;
  return (
    <Card variant="outlined" data-testid="account-avatar" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('profile:avatar.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <UserAvatar
            name={name}
            avatarUrl={profile?.avatarUrl}
            size={96}
            alt={t('profile:avatar.alt', { name: name ?? '' })}
            testId="account-avatar-image"
          />
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                component="label"
                variant="contained"
                disabled={busy}
                startIcon={upload.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
                data-testid="account-avatar-upload"
              >
                {t('profile:avatar.upload')}
                <input
                  hidden
                  type="file"
                  accept={AVATAR_IMAGE_TYPES.join(',')}
                  aria-describedby={helpId}
                  onChange={(event) => void choose(event)}
                  data-testid="account-avatar-file"
                />
              </Button>
              <Button
                variant="outlined"
                disabled={busy || !profile?.avatarUrl}
                onClick={() => void removePicture()}
                data-testid="account-avatar-remove"
              >
                {t('profile:avatar.remove')}
              </Button>
            </Stack>
            <Typography id={helpId} variant="body2" color="text.secondary">
              {t('profile:avatar.help', { count: maxMegabytes })}
            </Typography>
            {problem && (
              <Alert
                severity="error"
                data-testid="account-avatar-error"
                sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } }}
              >
                {problem}
              </Alert>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
