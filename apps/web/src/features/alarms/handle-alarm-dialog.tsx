import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { Alarm } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useHandleAlarm } from './handle-alarm';

/** Closes an alarm; the note (what was done) is optional, so a false alarm is one click. */
export function HandleAlarmDialog({ alarm, onClose }: { alarm: Alarm; onClose(): void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const handle = useHandleAlarm();
  const submit = () =>
    void handle
      .mutateAsync({ id: alarm.id, note })
      .then(onClose)
      .catch(() => undefined);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="alarm-handle-dialog">
      <DialogTitle>{t('alarms:handleTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('alarms:note')}
          helperText={t('alarms:noteHelp')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'alarm-handle-note' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('identity:crud.cancel')}</Button>
        <Button
          variant="contained"
          loading={handle.isPending}
          onClick={submit}
          data-testid="alarm-handle-submit"
        >
          {t('alarms:handle')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
