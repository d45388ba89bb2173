import { useEffect, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import {
  DEFAULT_PASSWORD_POLICY,
  installValidationMessages,
  zRegistration,
  type PendingRegistrationResponse,
  type RegistrationRequest,
} from '@homeward/contracts';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { useNotify } from '../../app/notifications/use-notify';
import { routePath } from '../../app/routing/routes';
import { privacyPolicyUrlFor } from '../legal/privacy-policy-url';
import { usePendingRegistration } from './api/pending-registration';
import { useInvitation } from './api/get-invitation';
import { apiErrorText } from '../../components/forms/api-error-text';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { fieldErrorMessages } from '../../components/forms/field-error-messages';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';

// The browser's zod messages must be the same translation keys the server sends; idempotent.
installValidationMessages();

/** What the form holds; the agreement box starts unticked, which the schema then refuses. */
type RegistrationFormValues = Omit<RegistrationRequest, 'acceptTerms'> & { acceptTerms: boolean };

const TEXT_FIELDS = [
  { name: 'userName', autoComplete: 'username', type: 'text' },
  { name: 'fullName', autoComplete: 'name', type: 'text' },
  { name: 'email', autoComplete: 'email', type: 'email' },
  { name: 'phoneNumber', autoComplete: 'tel', type: 'tel' },
  { name: 'password', autoComplete: 'new-password', type: 'password' },
  { name: 'confirmPassword', autoComplete: 'new-password', type: 'password' },
] as const;
const FIELD_NAMES: readonly string[] = [
  ...TEXT_FIELDS.map((field) => field.name),
  'acceptTerms',
  'marketingConsent',
];

/**
 * The form checks the default password policy; the server checks the configured one, and its field
 * errors land on the same fields.
 */
const REGISTRATION_SCHEMA = zRegistration(DEFAULT_PASSWORD_POLICY);

const EMPTY_FORM: RegistrationFormValues = {
  userName: '',
  fullName: '',
  email: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
  marketingConsent: false,
};

export interface RegistrationFormProps {
  invitationToken?: string;
  onRegistered(result: PendingRegistrationResponse): void;
}

/** The registration form: the contracts' schema validates it here and again on the server. */
export function RegistrationForm({ invitationToken, onRegistered }: RegistrationFormProps) {
  const { t, i18n } = useTranslation(['registration', 'translation']);
  const notify = useNotify();
  const { settings } = useAppConfiguration();
  const registration = usePendingRegistration();
  const invitation = useInvitation(invitationToken);
  const invitedEmail = invitation.data?.email;

  const { control, handleSubmit, setError, setValue } = useForm<RegistrationFormValues>({
    resolver: zodResolver(REGISTRATION_SCHEMA) as unknown as Resolver<RegistrationFormValues>,
    defaultValues: EMPTY_FORM,
    // Errors show when Register is pressed, then follow each change. Not on leaving a field: the
    // password's list of broken rules growing as focus leaves it for the Register button would move
    // the button from under the pointer and swallow the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Keeps every broken rule of a field, so the password lists all it lacks at once instead of one
    // at a time; the contract's schema reports them all, here and on the server.
    criteriaMode: 'all',
  });
  const termsErrorId = useId();

  useEffect(() => {
    if (invitedEmail) setValue('email', invitedEmail, { shouldValidate: true });
  }, [invitedEmail, setValue]);

  const submit = handleSubmit(async (values) => {
    const request: RegistrationRequest = {
      ...values,
      acceptTerms: true,
      ...(invitedEmail && invitationToken ? { invitationToken } : {}),
    };
    try {
      const result = await registration.mutateAsync(request);
      notify.success(t('registration:registered'));
      onRegistered(result);
    } catch (error) {
      // Field errors land on their fields; one on no visible field (an invitation that expired
      // meanwhile) or any other failure is told in the toast.
      const applied = applyServerFieldErrors(error, FIELD_NAMES, setError);
      notify.error(applied ? t('registration:registerFailed') : apiErrorText(t, error));
    }
  });

  const termsLink = settings.termsUrl ? (
    <Link
      href={settings.termsUrl}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="registration-terms-link"
    />
  ) : (
    <Link
      component={RouterLink}
      to={routePath('terms')}
      target="_blank"
      data-testid="registration-terms-link"
    />
  );
  const privacyLink = (
    <Link
      href={privacyPolicyUrlFor(i18n.language, settings.privacyPolicyUrls)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="registration-privacy-link"
    />
  );
  const sending = registration.isPending;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="registration-form">
      {invitationToken && invitation.isPending && (
        <Alert
          severity="info"
          icon={<CircularProgress size={20} />}
          data-testid="registration-invitation-loading"
        >
          {t('registration:form.invitationLoading')}
        </Alert>
      )}
      {invitedEmail && (
        <Alert severity="info" data-testid="registration-invitation">
          {t('registration:form.invitation')}
        </Alert>
      )}
      {invitation.isError && (
        <Alert severity="warning" data-testid="registration-invitation-invalid">
          {t('registration:form.invitationInvalid')}
        </Alert>
      )}
      {TEXT_FIELDS.map((field) => (
        <Controller
          key={field.name}
          name={field.name}
          control={control}
          render={({ field: input, fieldState }) => {
            const label = t(`registration:form.${field.name}`);
            const locked = field.name === 'email' && Boolean(invitedEmail);
            // The password lists every rule it breaks; other fields say their first problem.
            const messages = fieldErrorMessages(fieldState.error)
              .slice(0, field.name === 'password' ? undefined : 1)
              .map((message) => translateValidationMessage(t, message, label));
            const hint =
              field.name === 'password'
                ? t('registration:form.passwordHint', {
                    min: DEFAULT_PASSWORD_POLICY.minLength,
                    max: DEFAULT_PASSWORD_POLICY.maxLength,
                  })
                : undefined;
            return (
              <TextField
                {...input}
                value={input.value ?? ''}
                label={label}
                type={field.type}
                autoComplete={field.autoComplete}
                required={field.name !== 'phoneNumber'}
                error={Boolean(fieldState.error)}
                helperText={
                  messages.length > 1
                    ? messages.map((message) => (
                        <Box component="span" key={message} sx={{ display: 'block' }}>
                          {message}
                        </Box>
                      ))
                    : (messages[0] ?? hint)
                }
                disabled={sending}
                slotProps={{ htmlInput: { 'data-testid': `registration-${field.name}`, readOnly: locked } }}
              />
            );
          }}
        />
      ))}
      <Controller
        name="acceptTerms"
        control={control}
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  disabled={sending}
                  slotProps={{
                    input: {
                      ref: field.ref,
                      'data-testid': 'registration-acceptTerms',
                      // The error below is the box's own: announced with it, and the box marked invalid.
                      'aria-invalid': Boolean(fieldState.error),
                      'aria-describedby': fieldState.error ? termsErrorId : undefined,
                    } as object,
                  }}
                />
              }
              label={
                <Trans
                  t={t}
                  i18nKey="registration:form.agreement"
                  components={{ terms: termsLink, privacy: privacyLink }}
                />
              }
            />
            {fieldState.error?.message && (
              <FormHelperText id={termsErrorId} data-testid="registration-acceptTerms-error">
                {translateValidationMessage(
                  t,
                  fieldState.error.message,
                  t('registration:form.agreementField'),
                )}
              </FormHelperText>
            )}
          </FormControl>
        )}
      />
      <Controller
        name="marketingConsent"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                disabled={sending}
                slotProps={{
                  input: { ref: field.ref, 'data-testid': 'registration-marketingConsent' } as object,
                }}
              />
            }
            label={t('registration:form.marketingConsent')}
          />
        )}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={sending}
        startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
        data-testid="registration-submit"
      >
        {t(sending ? 'registration:form.submitting' : 'registration:form.submit')}
      </Button>
    </Stack>
  );
}
