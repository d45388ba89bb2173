import type { GridValidRowModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudFormDialog } from './crud-form-dialog';
import type { CrudFormMode, CrudResource } from './crud-resource';
import { useCrudMutation } from './use-crud-mutation';

interface CrudEditDialogProps<TItem extends GridValidRowModel, TForm extends FieldValues> {
  resource: CrudResource<TItem, TForm>;
  mode: CrudFormMode;
  item?: TItem;
  onClose(): void;
}

/** The descriptor's form for one row (or a new one): loads its values, saves through create/update. */
export function CrudEditDialog<TItem extends GridValidRowModel, TForm extends FieldValues>({
  resource,
  mode,
  item,
  onClose,
}: CrudEditDialogProps<TItem, TForm>) {
  const { t } = useTranslation();
  const form = resource.form!;
  const id = item ? resource.getId(item) : undefined;
  const values = useQuery({
    queryKey: [...resource.queryKey, 'form-values', id ?? 'new'],
    queryFn: async () => (item ? form.toFormValues(item) : form.defaultValues()),
    // A new row's values are known at once; no loading flash in the create dialog.
    initialData: item ? undefined : form.defaultValues,
    gcTime: 0,
    staleTime: 0,
  });
  const save = useCrudMutation({
    mutationFn: (data: TForm) => (id ? resource.update!(id, data) : resource.create!(data)),
    queryKey: resource.queryKey,
    entityKey: resource.entityKey,
    operation: mode === 'create' ? 'create' : 'update',
  });

  const entity = t(resource.entityKey);
  return (
    <CrudFormDialog<TForm>
      open
      title={t(mode === 'create' ? 'identity:crud.createTitle' : 'identity:crud.editTitle', { entity })}
      schema={form.schema(mode)}
      fields={form.fields(mode, item)}
      values={values.data}
      loadError={values.isError}
      onRetryLoad={() => values.refetch()}
      onSubmit={(data) => save.mutateAsync(data)}
      onClose={onClose}
    />
  );
}
