import { useState } from 'react';
import { zCreateMessageRequest, type CreateMessageValues } from '@homeward/contracts';
import { z } from 'zod';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import type { CrudFormField } from '../../components/crud/crud-form-fields';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { createMessage, MESSAGES_QUERY_KEY } from './get-messages';
import { OrganizationRecipientPicker, UserRecipientPicker } from './recipient-picker';
import { SendTimeInput } from './send-time-input';

const FIELDS: CrudFormField<CreateMessageValues>[] = [
  { kind: 'text', name: 'subject', labelKey: 'messages:subject' },
  { kind: 'textarea', name: 'body', labelKey: 'messages:body' },
  { kind: 'custom', name: 'sendAt', labelKey: 'messages:sendAt', Input: SendTimeInput },
  { kind: 'custom', name: 'userIds', labelKey: 'messages:users', Input: UserRecipientPicker },
  {
    kind: 'custom',
    name: 'organizationUnitIds',
    labelKey: 'messages:organizationUnits',
    Input: OrganizationRecipientPicker,
  },
  { kind: 'switch', name: 'includeSubOrganizations', labelKey: 'messages:includeSubOrganizations' },
];

/**
 * The form's schema: the contract's, except that a send time left at its default ("now", when the
 * dialog opened) means now at saving, so time spent writing never makes it "in the past".
 */
function schemaSendingNowUnless(defaultSendAt: string) {
  return z.preprocess(
    (values) =>
      typeof values === 'object' && values !== null && 'sendAt' in values && values.sendAt === defaultSendAt
        ? { ...values, sendAt: new Date().toISOString() }
        : values,
    zCreateMessageRequest,
    // The form only ever hands it its own values; preprocess types its input as unknown.
  ) as unknown as z.ZodType<CreateMessageValues, FieldValues>;
}

/**
 * "New message": subject, text, when to send it (now unless changed) and to whom. Field errors of
 * the contract and the server (an unknown recipient, a time in the past) land on their fields.
 */
export function NewMessageDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [defaultSendAt] = useState(() => new Date().toISOString());
  const [schema] = useState(() => schemaSendingNowUnless(defaultSendAt));
  const create = useCrudMutation({
    mutationFn: createMessage,
    queryKey: MESSAGES_QUERY_KEY,
    entityKey: 'messages:entity',
    operation: 'create',
  });
  return (
    <CrudFormDialog<CreateMessageValues>
      open
      title={t('messages:newMessage')}
      schema={schema}
      fields={FIELDS}
      values={{
        subject: '',
        body: '',
        sendAt: defaultSendAt,
        userIds: [],
        organizationUnitIds: [],
        includeSubOrganizations: false,
      }}
      onSubmit={(values) => create.mutateAsync(values)}
      onClose={onClose}
    />
  );
}
