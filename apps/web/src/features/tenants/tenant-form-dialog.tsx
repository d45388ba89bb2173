import { useEffect, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  installValidationMessages,
  zCreateTenantRequest,
  zUpdateTenantRequest,
  type Tenant,
} from '@homeward/contracts';
import type { CrudFormField } from '../../components/crud/crud-form-fields';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { TENANTS_QUERY_KEY } from './get-tenants';
import { createTenant, updateTenant } from './save-tenant';
import { CrudFormContent } from '../../components/crud/crud-form-dialog';

// Browser-side zod messages must be the server's translation keys (idempotent).
installValidationMessages();

export interface TenantFormValues {
  name: string;
  comment: string;
  nationalLogin: boolean;
  cvr: string;
  adminEmail: string;
  adminPassword: string;
}

const ENTITY_KEY = 'tenants:entity';

function field(
  name: keyof TenantFormValues,
  kind: CrudFormField<TenantFormValues>['kind'],
  labelKey: string,
  helperKey?: string,
): CrudFormField<TenantFormValues> {
  return { name, kind, labelKey, helperKey } as CrudFormField<TenantFormValues>;
}

const CVR_FIELD = field('cvr', 'text', 'tenants:cvr', 'tenants:cvrHelper');

interface TenantFormDialogProps {
  /** The edited tenant; none to create one with its first administrator. */
  tenant?: Tenant;
  onClose(): void;
}

/**
 * Create/edit dialog of a tenant. Not the generic CRUD form: the CVR field shows only while national
 * login is on (and is cleared when it goes off), which a static field list cannot express.
 */
export function TenantFormDialog({ tenant, onClose }: TenantFormDialogProps) {
  const { t } = useTranslation();
  const creating = !tenant;
  const [saving, setSaving] = useState(false);
  const form = useForm<TenantFormValues>({
    resolver: zodResolver(
      (creating ? zCreateTenantRequest() : zUpdateTenantRequest) as never,
    ) as Resolver<TenantFormValues>,
    defaultValues: {
      name: tenant?.name ?? '',
      comment: tenant?.comment ?? '',
      nationalLogin: tenant?.nationalLogin ?? false,
      cvr: tenant?.cvr ?? '',
      adminEmail: '',
      adminPassword: '',
    },
  });
  const nationalLogin = useWatch({ control: form.control, name: 'nationalLogin' });
  const { setValue, clearErrors } = form;
  useEffect(() => {
    if (!nationalLogin) {
      setValue('cvr', '');
      clearErrors('cvr');
    }
  }, [nationalLogin, setValue, clearErrors]);

  const save = useCrudMutation({
    mutationFn: (values: TenantFormValues) =>
      tenant
        ? updateTenant(tenant.id, {
            name: values.name,
            comment: values.comment,
            nationalLogin: values.nationalLogin,
            cvr: values.cvr,
          })
        : createTenant(values),
    queryKey: TENANTS_QUERY_KEY,
    entityKey: ENTITY_KEY,
    operation: creating ? 'create' : 'update',
  });

  const fields: CrudFormField<TenantFormValues>[] = [
    field('name', 'text', 'tenants:name'),
    field('comment', 'textarea', 'tenants:comment'),
    field('nationalLogin', 'switch', 'tenants:nationalLogin'),
    ...(nationalLogin ? [CVR_FIELD] : []),
    ...(creating
      ? [
          field('adminEmail', 'email', 'tenants:adminEmail', 'tenants:adminEmailHelper'),
          field('adminPassword', 'password', 'tenants:adminPassword'),
        ]
      : []),
  ];

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (error) {
      // The mutation toasted the failure; field errors also go next to their inputs.
      applyServerFieldErrors(error, [...fields.map((item) => item.name), 'cvr'], form.setError);
    } finally {
      setSaving(false);
    }
  });

  const entity = t(ENTITY_KEY);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="crud-form-dialog">
      <DialogTitle>
        {t(creating ? 'identity:crud.createTitle' : 'identity:crud.editTitle', { entity })}
      </DialogTitle>
      <CrudFormContent
        fields={fields}
        control={form.control}
        saving={saving}
        onSubmit={submit}
        onClose={onClose}
      />
    </Dialog>
  );
}
