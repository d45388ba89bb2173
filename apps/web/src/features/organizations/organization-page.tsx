import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Organization } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { ConfirmDeleteDialog } from '../../components/crud/confirm-delete-dialog';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { ScreenTitle } from '../../components/screen-title';
import { getAncestorIds, ORGANIZATIONS_QUERY_KEY } from './get-organizations';
import {
  deleteRefusalOf,
  DeleteRefusedDialog,
  MoveOrganizationDialog,
  OrganizationFormDialog,
  type DeleteRefusal,
} from './organization-dialogs';
import { OrganizationSearchResults } from './organization-search-results';
import { OrganizationTree, type OrganizationCommand } from './organization-tree';
import {
  createOrganization,
  deleteOrganization,
  moveOrganization,
  updateOrganization,
} from './save-organization';

type DialogState =
  | { kind: 'create'; parent: Organization | null }
  | { kind: 'edit' | 'move' | 'delete'; organization: Organization }
  | { kind: 'refused'; organization: Organization; refusal: DeleteRefusal }
  | null;

const COMMAND_PERMISSIONS: Record<OrganizationCommand, string> = {
  createChild: 'Homeward.Organizations.Create',
  edit: 'Homeward.Organizations.Edit',
  move: 'Homeward.Organizations.Move',
  delete: 'Homeward.Organizations.Delete',
};
const ENTITY = { queryKey: ORGANIZATIONS_QUERY_KEY, entityKey: 'organizations:entity' };

/** /organizaitons: the organization tree with create, edit, move, delete and a search that reveals. */
export function OrganizationPage() {
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [search, setSearch] = useState('');
  const filter = useDebouncedValue(search.trim());

  const create = useCrudMutation({ ...ENTITY, operation: 'create', mutationFn: createOrganization });
  const update = useCrudMutation({
    ...ENTITY,
    operation: 'update',
    mutationFn: ({ id, ...body }: Parameters<typeof updateOrganization>[1] & { id: string }) =>
      updateOrganization(id, body),
  });
  const move = useCrudMutation({
    ...ENTITY,
    operation: 'update',
    mutationFn: ({ id, newParentId }: { id: string; newParentId: string | null }) =>
      moveOrganization(id, { newParentId }),
  });
  const remove = useCrudMutation({ ...ENTITY, operation: 'delete', mutationFn: deleteOrganization });

  const expand = (...ids: string[]) => setExpanded((current) => new Set([...current, ...ids]));
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const reveal = async (organization: Organization) => {
    expand(...(await getAncestorIds(organization)));
    setSelectedId(organization.id);
    setSearch('');
  };
  const commands = (Object.keys(COMMAND_PERMISSIONS) as OrganizationCommand[]).filter(
    (command) => policies[COMMAND_PERMISSIONS[command]] === true,
  );
  const onCommand = (command: OrganizationCommand, organization: Organization) =>
    setDialog(
      command === 'createChild' ? { kind: 'create', parent: organization } : { kind: command, organization },
    );

  return (
    <>
      <ScreenTitle>{t('organizations:title')}</ScreenTitle>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1 }}>
          <TextField
            size="small"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('organizations:search')}
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { 'aria-label': t('organizations:search'), 'data-testid': 'org-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          {policies['Homeward.Organizations.Create'] === true && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ kind: 'create', parent: null })}
              data-testid="org-create-root"
            >
              {t('organizations:create')}
            </Button>
          )}
        </Stack>
        {filter ? (
          <OrganizationSearchResults filter={filter} onReveal={(organization) => void reveal(organization)} />
        ) : (
          <OrganizationTree
            expanded={expanded}
            onToggle={toggle}
            selectedId={selectedId}
            onSelect={(organization) => setSelectedId(organization.id)}
            commands={commands}
            onCommand={onCommand}
          />
        )}
      </Paper>
      {dialog?.kind === 'create' && (
        <OrganizationFormDialog
          parent={dialog.parent}
          onSubmit={async (values) => {
            const created = (await create.mutateAsync({
              ...values,
              parentId: dialog.parent?.id ?? null,
            })) as Organization;
            if (dialog.parent) expand(dialog.parent.id);
            setSelectedId(created.id);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <OrganizationFormDialog
          organization={dialog.organization}
          onSubmit={(values) => update.mutateAsync({ id: dialog.organization.id, ...values })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveOrganizationDialog
          organization={dialog.organization}
          onMove={async (newParentId) => {
            await move.mutateAsync({ id: dialog.organization.id, newParentId });
            if (newParentId) expand(newParentId);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          open
          name={dialog.organization.displayName}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(dialog.organization.id);
            } catch (error) {
              const refusal = deleteRefusalOf(error);
              // The refusal replaces the question; it stays readable after a language switch.
              if (refusal) setDialog({ kind: 'refused', organization: dialog.organization, refusal });
              throw error;
            }
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'refused' && (
        <DeleteRefusedDialog
          name={dialog.organization.displayName}
          refusal={dialog.refusal}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
