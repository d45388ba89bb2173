import { useState } from 'react';
import { COMMAND_TEMPLATE_SORT_FIELDS, type CommandTemplate } from '@homeward/contracts';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { commandTemplateColumns } from './command-template-columns';
import { CommandTemplateDialog } from './command-template-dialog';
import { COMMAND_TEMPLATES_QUERY_KEY, getCommandTemplates } from './get-command-templates';
import { deleteCommandTemplate } from './save-command-template';

type DialogState = { mode: 'create' } | { mode: 'edit'; template: CommandTemplate } | null;

/** The permission of the screen; its group has no sub-permissions, so it also allows the writes. */
const PERMISSION = 'Homeward.CommandTemplates';

/** Command templates as a CRUD resource; create and edit use the screen's own dialog. */
const commandTemplatesResource: CrudResource<CommandTemplate, Record<string, never>> = {
  queryKey: COMMAND_TEMPLATES_QUERY_KEY,
  titleKey: 'commandTemplates:title',
  entityKey: 'commandTemplates:entity',
  columns: commandTemplateColumns,
  sortFields: COMMAND_TEMPLATE_SORT_FIELDS,
  getId: (template) => template.id,
  getName: (template) => template.name,
  fetchList: getCommandTemplates,
  permissions: { create: PERMISSION, update: PERMISSION, delete: PERMISSION },
  remove: deleteCommandTemplate,
};

/**
 * /command-templates: the tenant's device command templates with search, paging, and
 * create/edit/delete. Its own dialog (not the descriptor form) because of the variables editor.
 */
export function CommandTemplateListPage() {
  const [dialog, setDialog] = useState<DialogState>(null);
  return (
    <CrudListPage
      resource={commandTemplatesResource}
      onCreate={() => setDialog({ mode: 'create' })}
      onEdit={(template) => setDialog({ mode: 'edit', template })}
    >
      {dialog && (
        <CommandTemplateDialog
          template={dialog.mode === 'edit' ? dialog.template : undefined}
          onClose={() => setDialog(null)}
        />
      )}
    </CrudListPage>
  );
}
