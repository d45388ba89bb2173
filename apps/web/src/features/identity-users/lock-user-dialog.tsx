import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { IdentityUser } from '@homeward/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyAppDatePicker } from '../../components/date-picker/lazy-app-date-picker';
import { useLockUser } from './lock-user';

/** Locks a user until someone unlocks them, or until the end of a chosen day. */
export function LockUserDialog({ user, onClose }: { user: IdentityUser; onClose(): void }) {
  const { t } = useTranslation();
  const lock = useLockUser();
  const [mode, setMode] = useState<'indefinitely' | 'date'>('indefinitely');
  const [until, setUntil] = useState<Dayjs | null>(dayjs().add(1, 'day'));
  const dateMissing = mode === 'date' && (!until || !until.isValid() || !until.endOf('day').isAfter(dayjs()));

  const submit = async () => {
    const lockoutEnd = mode === 'date' && until ? until.endOf('day').toISOString() : null;
    try {
      await lock.mutateAsync({ id: user.id, lock: true, body: { lockoutEnd } });
      onClose();
    } catch {
      // The failure toast says why.
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="lock-user-dialog">
      <DialogTitle>{t('identity:users.lockTitle', { userName: user.userName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <RadioGroup
            value={mode}
            onChange={(event) => setMode(event.target.value as 'indefinitely' | 'date')}
          >
            <FormControlLabel
              value="indefinitely"
              control={<Radio />}
              label={t('identity:users.lockUntilUnlocked')}
            />
            <FormControlLabel
              value="date"
              control={<Radio slotProps={{ input: { 'data-testid': 'lock-until-date' } as object }} />}
              label={t('identity:users.lockUntilDate')}
            />
          </RadioGroup>
          {mode === 'date' && (
            <LazyAppDatePicker
              label={t('identity:users.lockUntil')}
              value={until}
              onChange={setUntil}
              disablePast
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('identity:crud.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={dateMissing}
          loading={lock.isPending}
          onClick={submit}
          data-testid="lock-user-confirm"
        >
          {t('identity:users.lock')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
