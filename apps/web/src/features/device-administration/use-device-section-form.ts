import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { useDeviceAdministrationMutation } from './change-administered-device';

interface DeviceSectionFormOptions<T extends Record<string, unknown>> {
  /** The contract's request schema, checked in the browser before the server checks it again. */
  schema: ZodType;
  /** The device's current values; every key is a field that can carry the server's field errors. */
  values: T;
  save(values: T): Promise<unknown>;
  /** Translation key of the success toast. */
  savedMessageKey: string;
}

/**
 * One section form of the device administration page (sale, condition): validates with the
 * contract, saves, toasts the outcome and puts the server's field errors on the fields.
 */
export function useDeviceSectionForm<T extends Record<string, unknown>>({
  schema,
  values,
  save,
  savedMessageKey,
}: DeviceSectionFormOptions<T>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const form = useForm<T>({ resolver: zodResolver(schema as never) as Resolver<T>, values });
  const mutation = useDeviceAdministrationMutation(save);
  const submit = form.handleSubmit(async (submitted) => {
    try {
      await mutation.mutateAsync(submitted);
      notify.success(t(savedMessageKey));
    } catch (error) {
      applyServerFieldErrors(error, Object.keys(values), form.setError);
      notify.error(t('deviceAdministration:toasts.saveFailed', { reason: apiErrorText(t, error) }));
    }
  });
  return { form, submit, isPending: mutation.isPending };
}
