import { useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  installValidationMessages,
  zUpdateProfileRequest,
  type MyProfile,
  type UpdateProfileRequest,
} from '@homeward/contracts';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { fieldErrorMessages } from '../../components/forms/field-error-messages';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useMyProfile } from './api/get-my-profile';
import { useUpdateProfile } from './api/update-profile';
import { FormSaveButton } from './form-save-button';

installValidationMessages();

type ProfileFormValues = Required<UpdateProfileRequest>;

const FIELDS = [
  { name: 'name', label: 'profile:fullName', autoComplete: 'name', type: 'text' },
  { name: 'email', label: 'profile:email', autoComplete: 'email', type: 'email' },
  { name: 'phoneNumber', label: 'profile:phoneNumber', autoComplete: 'tel', type: 'tel' },
] as const;
const FIELD_NAMES = FIELDS.map((field) => field.name);

function valuesOf(profile: MyProfile): ProfileFormValues {
  // A pending address is what the user last asked for: the form shows it, the note says it waits.
  return {
    name: profile.name ?? '',
    email: profile.pendingEmail ?? profile.email,
    phoneNumber: profile.phoneNumber ?? '',
  };
}

function ProfileField({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" data-testid={testId} sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/** What the user cannot change here: user name, tenant (or the host) and roles. */
function AccountFacts() {
  const { t } = useTranslation();
  const { currentUser, currentTenant } = useAppConfiguration();
  if (!currentUser) return null;
  const notSet = (
    <Typography component="span" color="text.secondary">
      {t('profile:notSet')}
    </Typography>
  );
  // Host users have no tenant; a tenant user is never shown as the host, even without a name.
  const tenant = currentUser.tenantId === null ? t('profile:host') : (currentTenant.name ?? notSet);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
        m: 0,
        mb: 3,
      }}
    >
      <ProfileField label={t('profile:userName')} testId="account-profile-user-name">
        {currentUser.userName}
      </ProfileField>
      <ProfileField label={t('profile:tenant')} testId="account-profile-tenant">
        {tenant}
      </ProfileField>
      <ProfileField label={t('profile:roles')} testId="account-profile-roles">
        {currentUser.roles.length > 0 ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {currentUser.roles.map((role) => (
              <Chip key={role} label={role} size="small" />
            ))}
          </Stack>
        ) : (
          <Typography component="span" color="text.secondary">
            {t('profile:noRoles')}
          </Typography>
        )}
      </ProfileField>
    </Box>
  );
}

/** The profile form: full name, e-mail (a new one waits for its link) and phone, saved at once. */
function ProfileForm({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateProfile();
  const { control, handleSubmit, reset, setError } = useForm<ProfileFormValues>({
    resolver: zodResolver(zUpdateProfileRequest) as unknown as Resolver<ProfileFormValues>,
    defaultValues: valuesOf(profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEffect(() => reset(valuesOf(profile)), [profile, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      notify.success(
        saved.pendingEmail && saved.pendingEmail !== profile.pendingEmail
          ? t('profile:edit.emailChangeSent', { email: saved.pendingEmail })
          : t('profile:edit.saved'),
      );
    } catch (error) {
      applyServerFieldErrors(error, FIELD_NAMES, setError);
      notify.error(t('profile:edit.failed', { reason: apiErrorText(t, error) }));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="account-profile-form">
      {FIELDS.map((field) => (
        <Controller
          key={field.name}
          name={field.name}
          control={control}
          render={({ field: input, fieldState }) => {
            const label = t(field.label);
            const message = fieldErrorMessages(fieldState.error)[0];
            const pending = field.name === 'email' && profile.pendingEmail;
            return (
              <TextField
                {...input}
                label={label}
                type={field.type}
                autoComplete={field.autoComplete}
                required={field.name === 'email'}
                disabled={update.isPending}
                error={Boolean(fieldState.error)}
                helperText={
                  message
                    ? translateValidationMessage(t, message, label)
                    : pending
                      ? t('profile:edit.pendingEmail', { email: profile.pendingEmail })
                      : undefined
                }
                slotProps={{
                  htmlInput: { 'data-testid': `account-profile-${field.name}-input` },
                  formHelperText: { 'data-testid': `account-profile-${field.name}-help` } as object,
                }}
              />
            );
          }}
        />
      ))}
      {profile.pendingEmail && (
        <Alert
          severity="info"
          data-testid="account-profile-pending-email"
          sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } }}
        >
          {t('profile:edit.pendingEmailHelp', { email: profile.pendingEmail })}
        </Alert>
      )}
      <FormSaveButton pending={update.isPending} testId="account-profile-save">
        {t('profile:edit.save')}
      </FormSaveButton>
    </Stack>
  );
}

/**
 * The signed-in user's profile: what identifies the account (read-only) and the details they keep
 * themselves, loaded from `my-profile`.
 */
export function AccountProfileCard() {
  const { t } = useTranslation();
  const { currentUser } = useAppConfiguration();
  const profile = useMyProfile(Boolean(currentUser));

  if (!currentUser) {
    // The route is behind sign-in, but the configuration can lag behind a session that just ended.
    return (
      <Typography data-testid="account-profile" color="text.secondary">
        {t('profile:notSignedIn')}
      </Typography>
    );
  }

  return (
    <Card variant="outlined" data-testid="account-profile">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('profile:title')}
        </Typography>
        <AccountFacts />
        {profile.isPending && (
          <CircularProgress aria-label={t('identity:crud.loading')} data-testid="account-profile-loading" />
        )}
        {profile.isError && (
          <Alert
            severity="error"
            data-testid="account-profile-error"
            action={
              <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
                {t('translation:errors.tryAgain')}
              </Button>
            }
          >
            {apiErrorText(t, profile.error)}
          </Alert>
        )}
        {profile.data && <ProfileForm profile={profile.data} />}
      </CardContent>
    </Card>
  );
}
