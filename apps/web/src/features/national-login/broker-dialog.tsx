import TextField from '@mui/material/TextField';
import { zSaveNationalLoginBrokerRequest, type Tenant } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import type { CustomFieldInputProps } from '../../components/crud/crud-form-fields';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { brokerQueryKey, saveNationalLoginBroker, useNationalLoginBroker } from './national-login-api';

/** The form: the secret may stay empty to keep the stored one. */
const schema = zSaveNationalLoginBrokerRequest.extend({
  clientSecret: z.string().max(500).optional(),
  /** Shown, not sent: the address to register at the broker. */
  redirectUri: z.string().optional(),
});
type BrokerForm = z.output<typeof schema>;

/**
 * The tenants screen's "National ID broker" action (host): the OpenID Connect broker the tenant's
 * users sign in through, and the redirect URI to register at the broker.
 */
export function BrokerDialog({ tenant, onClose }: { tenant: Tenant; onClose(): void }) {
  const { t } = useTranslation();
  const broker = useNationalLoginBroker(tenant.id);
  const save = useCrudMutation({
    mutationFn: ({ redirectUri: _shown, ...values }: BrokerForm) =>
      saveNationalLoginBroker(tenant.id, { ...values, clientSecret: values.clientSecret || undefined }),
    queryKey: brokerQueryKey(tenant.id),
    entityKey: 'identity:nationalLogin.broker',
    operation: 'update',
  });
  const values: BrokerForm | undefined = broker.data && {
    issuer: broker.data.issuer ?? '',
    clientId: broker.data.clientId ?? '',
    clientSecret: '',
    identityClaim: broker.data.identityClaim,
    redirectUri: broker.data.redirectUri,
  };
  return (
    <CrudFormDialog
      open
      title={t('identity:nationalLogin.brokerTitle', { name: tenant.name })}
      schema={schema}
      fields={[
        { kind: 'text', name: 'issuer', labelKey: 'identity:nationalLogin.issuer' },
        { kind: 'text', name: 'clientId', labelKey: 'identity:nationalLogin.clientId' },
        {
          kind: 'password',
          name: 'clientSecret',
          labelKey: 'identity:nationalLogin.clientSecret',
          helperKey: broker.data?.hasClientSecret ? 'identity:nationalLogin.clientSecretKept' : undefined,
        },
        {
          kind: 'text',
          name: 'identityClaim',
          labelKey: 'identity:nationalLogin.identityClaim',
          helperKey: 'identity:nationalLogin.identityClaimHelp',
        },
        {
          kind: 'custom',
          name: 'redirectUri',
          labelKey: 'identity:nationalLogin.redirectUri',
          Input: ReadOnlyText,
        },
      ]}
      values={values}
      loadError={broker.isError}
      onRetryLoad={() => void broker.refetch()}
      onSubmit={(form) => save.mutateAsync(form)}
      onClose={onClose}
    />
  );
}

/** A value to copy, not to edit. */
function ReadOnlyText({ name, value, label }: CustomFieldInputProps) {
  return (
    <TextField
      name={name}
      label={label}
      value={String(value ?? '')}
      fullWidth
      slotProps={{ input: { readOnly: true } }}
      onFocus={(event) => event.target.select()}
    />
  );
}
