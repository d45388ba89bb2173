import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { zUpdateOrganizationUnitRequest, type OrganizationUnit } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { ConfirmDeleteDialog } from '../../components/crud/confirm-delete-dialog';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { ScreenTitle } from '../../components/screen-title';
import { ORGANIZATION_UNITS_QUERY_KEY, useOrganizationUnits } from './get-organization-units';
import { MoveOrganizationUnitDialog } from './move-organization-unit-dialog';
import { OrganizationUnitMembersTab } from './organization-unit-members-tab';
import { OrganizationUnitRolesTab } from './organization-unit-roles-tab';
import { buildOrganizationUnitTree } from './organization-unit-tree';
import { OrganizationUnitTreeView, type UnitCommand } from './organization-unit-tree-view';
import {
  createOrganizationUnit,
  deleteOrganizationUnit,
  moveOrganizationUnit,
  updateOrganizationUnit,
} from './save-organization-unit';
import { useOrganizationUnitMutation } from './use-organization-unit-mutation';

type DialogState =
  | { kind: 'create'; parentId: string | null }
  | { kind: 'rename' | 'move' | 'delete'; unit: OrganizationUnit }
  | null;

const COMMAND_PERMISSIONS: Record<UnitCommand, string> = {
  addChild: 'Homeward.OrganizationUnits.Create',
  rename: 'Homeward.OrganizationUnits.Edit',
  move: 'Homeward.OrganizationUnits.Edit',
  delete: 'Homeward.OrganizationUnits.Delete',
};
const ENTITY = { queryKey: ORGANIZATION_UNITS_QUERY_KEY, entityKey: 'identity:organizationUnits.entity' };

/** /identity-management/organization-units: the unit tree, and the members and roles of one unit. */
export function OrganizationUnitPage() {
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
  const units = useOrganizationUnits();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tab, setTab] = useState<'members' | 'roles'>('members');
  const [dialog, setDialog] = useState<DialogState>(null);

  const create = useCrudMutation({ ...ENTITY, operation: 'create', mutationFn: createOrganizationUnit });
  const rename = useCrudMutation({
    ...ENTITY,
    operation: 'update',
    mutationFn: ({ id, displayName }: { id: string; displayName: string }) =>
      updateOrganizationUnit(id, { displayName }),
  });
  const remove = useCrudMutation({ ...ENTITY, operation: 'delete', mutationFn: deleteOrganizationUnit });
  const move = useOrganizationUnitMutation(
    ({ id, newParentId }: { id: string; newParentId: string | null }) =>
      moveOrganizationUnit(id, { newParentId }),
    'identity:organizationUnits.moved',
    'identity:organizationUnits.moveFailed',
  );

  const all = units.data?.items ?? [];
  const selected = all.find((unit) => unit.id === selectedId) ?? null;
  const commands = (Object.keys(COMMAND_PERMISSIONS) as UnitCommand[]).filter(
    (command) => policies[COMMAND_PERMISSIONS[command]] === true,
  );
  const canCreate = policies['Homeward.OrganizationUnits.Create'] === true;
  const onCommand = (command: UnitCommand, unit: OrganizationUnit) =>
    setDialog(command === 'addChild' ? { kind: 'create', parentId: unit.id } : { kind: command, unit });

  return (
    <>
      <ScreenTitle>{t('identity:organizationUnits.title')}</ScreenTitle>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 1fr) 2fr' } }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {canCreate && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ kind: 'create', parentId: null })}
              data-testid="crud-create"
              sx={{ mb: 1 }}
            >
              {t('identity:organizationUnits.addRoot')}
            </Button>
          )}
          {units.isPending ? (
            <Stack sx={{ py: 4, alignItems: 'center' }}>
              <CircularProgress aria-label={t('identity:crud.loading')} />
            </Stack>
          ) : units.isError ? (
            <Alert
              severity="error"
              data-testid="crud-list-error"
              action={
                <Button color="inherit" size="small" onClick={() => units.refetch()}>
                  {t('errors.tryAgain')}
                </Button>
              }
            >
              {t('identity:crud.loadFailed')}
            </Alert>
          ) : all.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }} data-testid="crud-list-empty">
              {t('identity:organizationUnits.empty')}
            </Typography>
          ) : (
            <OrganizationUnitTreeView
              nodes={buildOrganizationUnitTree(all)}
              selectedId={selectedId}
              onSelect={(unit) => setSelectedId(unit.id)}
              commands={commands}
              onCommand={onCommand}
            />
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {selected ? (
            <>
              <Typography variant="h6" component="h2">
                {selected.displayName}
              </Typography>
              <Tabs
                value={tab}
                onChange={(_event, value: 'members' | 'roles') => setTab(value)}
                sx={{ mb: 2 }}
              >
                <Tab
                  value="members"
                  label={t('identity:organizationUnits.members')}
                  data-testid="ou-tab-members"
                />
                <Tab value="roles" label={t('identity:organizationUnits.roles')} data-testid="ou-tab-roles" />
              </Tabs>
              {tab === 'members' ? (
                <OrganizationUnitMembersTab
                  key={selected.id}
                  unit={selected}
                  canManage={policies['Homeward.OrganizationUnits.ManageMembers'] === true}
                />
              ) : (
                <OrganizationUnitRolesTab
                  key={selected.id}
                  unit={selected}
                  canManage={policies['Homeward.OrganizationUnits.ManageRoles'] === true}
                />
              )}
            </>
          ) : (
            <Typography color="text.secondary">{t('identity:organizationUnits.selectUnit')}</Typography>
          )}
        </Paper>
      </Box>
      {(dialog?.kind === 'create' || dialog?.kind === 'rename') && (
        <CrudFormDialog
          open
          title={t(dialog.kind === 'create' ? 'identity:crud.createTitle' : 'identity:crud.editTitle', {
            entity: t('identity:organizationUnits.entity'),
          })}
          schema={zUpdateOrganizationUnitRequest}
          fields={[{ kind: 'text', name: 'displayName', labelKey: 'identity:organizationUnits.displayName' }]}
          values={{ displayName: dialog.kind === 'rename' ? dialog.unit.displayName : '' }}
          onSubmit={({ displayName }) =>
            dialog.kind === 'create'
              ? create.mutateAsync({ displayName, parentId: dialog.parentId })
              : rename.mutateAsync({ id: dialog.unit.id, displayName })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveOrganizationUnitDialog
          unit={dialog.unit}
          units={all}
          onMove={(newParentId) => move.mutateAsync({ id: dialog.unit.id, newParentId })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          open
          name={dialog.unit.displayName}
          onConfirm={async () => {
            await remove.mutateAsync(dialog.unit.id);
            if (selectedId === dialog.unit.id) setSelectedId(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
