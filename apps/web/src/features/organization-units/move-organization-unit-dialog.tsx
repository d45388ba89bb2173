import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { OrganizationUnit } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { depthOf, subtreeIds } from './organization-unit-tree';

interface MoveDialogProps {
  unit: OrganizationUnit;
  units: OrganizationUnit[];
  onMove(newParentId: string | null): Promise<unknown>;
  onClose(): void;
}

const TOP_LEVEL = '';

/** Picks a new parent; the unit itself and its descendants are not offered. */
export function MoveOrganizationUnitDialog({ unit, units, onMove, onClose }: MoveDialogProps) {
  const { t } = useTranslation();
  const [parentId, setParentId] = useState(unit.parentId ?? TOP_LEVEL);
  const [busy, setBusy] = useState(false);
  const excluded = subtreeIds(units, unit.id);
  const submit = async () => {
    setBusy(true);
    try {
      await onMove(parentId === TOP_LEVEL ? null : parentId);
      onClose();
    } catch {
      // The failure toast says why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="ou-move-dialog">
      <DialogTitle>{t('identity:organizationUnits.moveTitle', { name: unit.displayName })}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          sx={{ mt: 1 }}
          label={t('identity:organizationUnits.newParent')}
          value={parentId}
          onChange={(event) => setParentId(event.target.value)}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'ou-move-parent' },
          }}
        >
          <option value={TOP_LEVEL}>{t('identity:organizationUnits.topLevel')}</option>
          {units
            .filter((candidate) => !excluded.has(candidate.id))
            .map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {`${'\u00a0\u00a0'.repeat(depthOf(candidate))}${candidate.displayName}`}
              </option>
            ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('identity:crud.cancel')}</Button>
        <Button
          variant="contained"
          loading={busy}
          disabled={parentId === (unit.parentId ?? TOP_LEVEL)}
          onClick={submit}
          data-testid="ou-move-save"
        >
          {t('identity:organizationUnits.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
