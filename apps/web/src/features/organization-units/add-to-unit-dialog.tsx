import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../components/crud/crud-form-fields';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';

export interface CandidateList {
  options: SelectOption[];
  isLoading: boolean;
  isError: boolean;
}

interface AddToUnitDialogProps {
  title: string;
  /** Candidates matching the (debounced) search text. */
  useCandidates(search: string): CandidateList;
  onAdd(ids: string[]): Promise<unknown>;
  onClose(): void;
  testId: string;
}

/** Searches candidates (users or roles), lets the user tick several, and adds them at once. */
export function AddToUnitDialog({ title, useCandidates, onAdd, onClose, testId }: AddToUnitDialogProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const candidates = useCandidates(useDebouncedValue(searchText));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = async () => {
    setBusy(true);
    try {
      await onAdd([...selected]);
      onClose();
    } catch {
      // The failure toast says why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <TextField
          size="small"
          fullWidth
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('identity:crud.search')}
          slotProps={{
            htmlInput: { 'data-testid': `${testId}-search`, 'aria-label': t('identity:crud.search') },
          }}
          sx={{ mb: 1 }}
        />
        {candidates.isError ? (
          <Alert severity="error">{t('identity:crud.loadFailed')}</Alert>
        ) : candidates.isLoading ? (
          <Stack sx={{ py: 3, alignItems: 'center' }}>
            <CircularProgress aria-label={t('identity:crud.loading')} />
          </Stack>
        ) : candidates.options.length === 0 ? (
          <Alert severity="info">{t('identity:organizationUnits.nothingToAdd')}</Alert>
        ) : (
          <Stack>
            {candidates.options.map((option) => (
              <FormControlLabel
                key={option.value}
                label={option.label}
                control={
                  <Checkbox
                    checked={selected.has(option.value)}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                    slotProps={{ input: { 'data-testid': `${testId}-option-${option.label}` } as object }}
                  />
                }
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('identity:crud.cancel')}</Button>
        <Button
          variant="contained"
          disabled={selected.size === 0}
          loading={busy}
          onClick={submit}
          data-testid={`${testId}-save`}
        >
          {t('identity:organizationUnits.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
