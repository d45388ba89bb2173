import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { COMMAND_TEMPLATE_SORT_FIELDS, type CommandTemplate } from '@homeward/contracts';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { ConfirmDeleteDialog } from '../../components/crud/confirm-delete-dialog';
import { CrudListToolbar } from '../../components/crud/crud-list-toolbar';
import { crudActionsColumn, type RowActionButton } from '../../components/crud/crud-row-actions';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { commandTemplateColumns } from './command-template-columns';
import { CommandTemplateDialog } from './command-template-dialog';
import { COMMAND_TEMPLATES_QUERY_KEY, getCommandTemplates } from './get-command-templates';
import { deleteCommandTemplate } from './save-command-template';

type DialogState = { mode: 'create' } | { mode: 'edit'; template: CommandTemplate } | null;

/** The permission of the screen; its group has no sub-permissions, so it also allows the writes. */
const PERMISSION = 'Homeward.CommandTemplates';

/**
 * /command-templates: the tenant's device command templates with search, paging, and
 * create/edit/delete. Its own dialog (not the descriptor form) because of the variables editor.
 */
export function CommandTemplateListPage() {
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<CommandTemplate | null>(null);
  const remove = useCrudMutation({
    mutationFn: deleteCommandTemplate,
    queryKey: COMMAND_TEMPLATES_QUERY_KEY,
    entityKey: 'commandTemplates:entity',
    operation: 'delete',
  });
  const canManage = policies[PERMISSION] === true;

  const actionsOf = (template: CommandTemplate): RowActionButton[] => [
    {
      testId: `crud-edit-${template.name}`,
      labelKey: 'identity:crud.edit',
      icon: <EditIcon fontSize="small" />,
      onClick: () => setDialog({ mode: 'edit', template }),
    },
    {
      testId: `crud-delete-${template.name}`,
      labelKey: 'identity:crud.delete',
      icon: <DeleteIcon fontSize="small" />,
      onClick: () => setDeleting(template),
    },
  ];

  const columns: GridColDef<CommandTemplate>[] = [
    ...commandTemplateColumns(t),
    ...(canManage ? [crudActionsColumn<CommandTemplate>(t, actionsOf)] : []),
  ];

  return (
    <>
      <CrudListToolbar
        title={t('commandTemplates:title')}
        searchText={searchText}
        onSearchChange={setSearchText}
        entityKey="commandTemplates:entity"
        onCreate={canManage ? () => setDialog({ mode: 'create' }) : undefined}
      />
      <ServerDataGrid
        queryKey={COMMAND_TEMPLATES_QUERY_KEY}
        fetchPage={getCommandTemplates}
        columns={columns}
        sortFields={COMMAND_TEMPLATE_SORT_FIELDS}
        getRowId={(template) => template.id}
        search={search}
      />
      {dialog && (
        <CommandTemplateDialog
          template={dialog.mode === 'edit' ? dialog.template : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          open
          name={deleting.name}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
