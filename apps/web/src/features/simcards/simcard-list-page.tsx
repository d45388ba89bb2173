import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { SIMCARD_STATUSES, type Simcard } from '@homeward/contracts';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { CrudEditDialog } from '../../components/crud/crud-edit-dialog';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { useDeactivateSimcard, useDeactivateSimcards } from './deactivate-simcards';
import type { SimcardFilterValues } from './get-simcards';
import { SimcardDeactivateDialog } from './simcard-deactivate-dialog';
import { SimcardPairDialog } from './simcard-pair-dialog';
import { SimcardUploadDialog } from './simcard-upload-dialog';
import { simcardsResource as resource, type SimcardForm } from './simcards-resource';

type Dialog =
  | { kind: 'edit'; simcard: Simcard }
  | { kind: 'deactivate'; simcards: Simcard[] }
  | { kind: 'upload' }
  | { kind: 'pair' }
  | null;

/**
 * /simcards: a tenant's SIM cards, paged, sorted and searched on the server, with a status filter,
 * create and edit, deactivation (one, or the rows selected across pages), CSV upload and pairing
 * with watches. SIMs are deactivated, not deleted; edit is a row action of the screen's own (its
 * label and test id), opening the resource's edit form.
 */
export function SimcardListPage() {
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
  const [filters, setFilters] = useState<SimcardFilterValues>({});
  const [selected, setSelected] = useState<ReadonlyMap<string, Simcard>>(new Map());
  const [dialog, setDialog] = useState<Dialog>(null);
  const deactivateOne = useDeactivateSimcard();
  const deactivateMany = useDeactivateSimcards();
  const canEdit = policies['Homeward.SimCards.Edit'] === true;
  const canDeactivate = policies['Homeward.SimCards.Deactivate'] === true;

  const toggle = (sim: Simcard, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(sim.id, sim);
      else next.delete(sim.id);
      return next;
    });

  const selectColumn: GridColDef<Simcard> = {
    field: '__select',
    headerName: t('simcards:select.count', { count: selected.size }),
    width: 110,
    sortable: false,
    disableColumnMenu: true,
    renderCell: ({ row }) => (
      <Checkbox
        size="small"
        checked={selected.has(row.id)}
        onChange={(event) => toggle(row, event.target.checked)}
        slotProps={{ input: { 'aria-label': t('simcards:select.row', { iccid: row.iccid }) } }}
      />
    ),
  };
  const listResource: CrudResource<Simcard, SimcardForm, SimcardFilterValues> = {
    ...resource,
    columns: (translate) => [...(canDeactivate ? [selectColumn] : []), ...resource.columns(translate)],
    // Edited through the row action below, under the screen's own label and test id.
    update: undefined,
    rowActions: [
      {
        id: 'simcard-edit',
        labelKey: 'simcards:actions.edit',
        icon: <EditIcon fontSize="small" />,
        permission: 'Homeward.SimCards.Edit',
        onClick: (sim) => setDialog({ kind: 'edit', simcard: sim }),
      },
      {
        id: 'simcard-deactivate',
        labelKey: 'simcards:actions.deactivate',
        icon: <BlockIcon fontSize="small" />,
        permission: 'Homeward.SimCards.Deactivate',
        isVisible: (sim) => sim.status === 'active',
        onClick: (sim) => setDialog({ kind: 'deactivate', simcards: [sim] }),
      },
    ],
  };

  const confirmDeactivation = async (sims: Simcard[]) => {
    if (sims.length === 1) await deactivateOne.mutateAsync(sims[0]!.id);
    else await deactivateMany.mutateAsync({ ids: sims.map((sim) => sim.id) });
    setSelected(new Map());
  };

  const filterBar = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label={t('simcards:status')}
        value={filters.status ?? ''}
        onChange={(event) =>
          setFilters({ status: (event.target.value || undefined) as SimcardFilterValues['status'] })
        }
        sx={{ minWidth: 200 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('simcards:filters.allStatuses')}</option>
        {SIMCARD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`simcards:statuses.${status}`)}
          </option>
        ))}
      </TextField>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {policies['Homeward.SimCards.BatchUpload'] && (
          <Button variant="outlined" onClick={() => setDialog({ kind: 'upload' })}>
            {t('simcards:actions.upload')}
          </Button>
        )}
        {canEdit && (
          <Button variant="outlined" onClick={() => setDialog({ kind: 'pair' })}>
            {t('simcards:actions.pair')}
          </Button>
        )}
        {canDeactivate && (
          <Button
            variant="outlined"
            color="error"
            disabled={selected.size === 0}
            onClick={() => setDialog({ kind: 'deactivate', simcards: [...selected.values()] })}
          >
            {t('simcards:actions.deactivateSelected')}
          </Button>
        )}
      </Stack>
      {selected.size > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('simcards:select.count', { count: selected.size })}
        </Typography>
      )}
    </Stack>
  );

  return (
    <CrudListPage resource={listResource} filters={filterBar} filterValues={filters}>
      {dialog?.kind === 'edit' && (
        <CrudEditDialog
          resource={resource}
          mode="edit"
          item={dialog.simcard}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'deactivate' && (
        <SimcardDeactivateDialog
          simcards={dialog.simcards}
          onConfirm={() => confirmDeactivation(dialog.simcards)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'upload' && <SimcardUploadDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'pair' && <SimcardPairDialog onClose={() => setDialog(null)} />}
    </CrudListPage>
  );
}
