import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALARM_CHANNELS,
  CITIZEN_ALARM_RECEIVERS_MAX,
  type AlarmReceiverCandidate,
  type Citizen,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../components/crud/use-debounced-value';
import { useAlarmReceiverCandidates } from '../get-alarm-receiver-candidates';
import { replaceAlarmReceivers } from '../replace-citizen-links';
import { AlarmReceiverList, channelUsable, type ReceiverRow } from './alarm-receiver-list';
import { DetailSection } from './detail-section';
import { useCitizenUpdate } from './use-citizen-update';

const rowsOf = (citizen: Citizen): ReceiverRow[] =>
  [...citizen.alarmReceivers]
    .sort((a, b) => a.position - b.position)
    .map((receiver) => {
      const id = (receiver.kind === 'user' ? receiver.userId : receiver.contactPersonId) ?? '';
      // Only the channels that can reach the receiver today (a phone number may have gone since).
      const channels = receiver.channels.filter((channel) => channelUsable(receiver, channel));
      return { ...receiver, channels, id, key: `${receiver.kind}:${id}` };
    });

/** A new receiver is reached by every channel it has an address for, as the server's default. */
const rowOfCandidate = (candidate: AlarmReceiverCandidate): ReceiverRow => {
  const row = {
    key: `${candidate.kind}:${candidate.id}`,
    kind: candidate.kind,
    id: candidate.id,
    name: candidate.name,
    phone: candidate.phone,
    email: candidate.email,
  };
  return { ...row, channels: ALARM_CHANNELS.filter((channel) => channelUsable(row, channel)) };
};

/** What Save compares: the order and each receiver's channels. */
const signatureOf = (rows: ReceiverRow[]) => rows.map((row) => `${row.key}=${row.channels.join('+')}`).join();

/**
 * Spec §2 alarm receivers: caregivers (users) and contact persons, called in this order. Rows are
 * added from the candidates, removed and reordered here; Save replaces the whole ordered list.
 */
export function AlarmReceiversSection({ citizen, canManage }: { citizen: Citizen; canManage: boolean }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(() => rowsOf(citizen));
  const changed = signatureOf(rows) !== signatureOf(rowsOf(citizen));
  const save = useCitizenUpdate((list: ReceiverRow[]) =>
    replaceAlarmReceivers(
      citizen.id,
      list.map((row) =>
        // A receiver without any address keeps the server's default (nothing to choose).
        row.kind === 'user'
          ? { kind: row.kind, userId: row.id, channels: row.channels.length ? row.channels : undefined }
          : {
              kind: row.kind,
              contactPersonId: row.id,
              channels: row.channels.length ? row.channels : undefined,
            },
      ),
    ),
  );
  const add = (candidate: AlarmReceiverCandidate) => {
    const row = rowOfCandidate(candidate);
    if (!rows.some((item) => item.key === row.key)) setRows([...rows, row]);
  };
  return (
    <DetailSection
      title={t('citizens:sections.alarmReceivers')}
      testId="citizen-alarm-receivers"
      action={
        canManage && (
          <Button
            variant="contained"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => void save.mutateAsync(rows).catch(() => undefined)}
            data-testid="alarm-receivers-save"
          >
            {t('citizens:save')}
          </Button>
        )
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('citizens:alarmReceivers.help')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('citizens:alarmReceivers.channels.pushHint')}
      </Typography>
      <Stack spacing={2}>
        {rows.length === 0 ? (
          <Typography color="text.secondary" data-testid="alarm-receivers-empty">
            {t('citizens:alarmReceivers.empty')}
          </Typography>
        ) : (
          <AlarmReceiverList receivers={rows} onChange={setRows} disabled={!canManage} />
        )}
        {canManage && rows.length < CITIZEN_ALARM_RECEIVERS_MAX && (
          <CandidatePicker taken={rows.map((row) => row.key)} onPick={add} />
        )}
      </Stack>
    </DetailSection>
  );
}

/** Search the tenant's users and contact people; picking one adds it at the end of the list. */
function CandidatePicker({
  taken,
  onPick,
}: {
  taken: string[];
  onPick(candidate: AlarmReceiverCandidate): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const filter = useDebouncedValue(input.trim());
  const candidates = useAlarmReceiverCandidates(filter, open);
  const options = candidates.data?.items ?? [];
  return (
    <Autocomplete<AlarmReceiverCandidate>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={null}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      options={options}
      filterOptions={(items) => items}
      groupBy={(item) => t(`citizens:alarmReceivers.kindGroups.${item.kind}`)}
      getOptionLabel={(item) => item.name}
      getOptionDisabled={(item) => taken.includes(`${item.kind}:${item.id}`)}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      loading={candidates.isFetching}
      loadingText={t('identity:crud.loading')}
      noOptionsText={t('citizens:alarmReceivers.noCandidates')}
      onChange={(_event, item) => {
        if (item) onPick(item);
        setInput('');
      }}
      renderOption={(props, item) => (
        <li {...props} key={`${item.kind}:${item.id}`} data-testid={`alarm-candidate-${item.name}`}>
          <Stack>
            <span>{item.name}</span>
            <Typography variant="caption" color="text.secondary">
              {[item.customerName, item.phone, item.email].filter(Boolean).join(' · ')}
            </Typography>
          </Stack>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('citizens:alarmReceivers.add')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'alarm-receiver-add' },
          }}
        />
      )}
    />
  );
}
