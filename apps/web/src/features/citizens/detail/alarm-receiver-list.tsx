import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { ALARM_CHANNELS, type AlarmChannel, type AlarmReceiverKind } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';

/** One receiver as the list edits it; `key` is `user:<id>` or `contactPerson:<id>`. */
export interface ReceiverRow {
  key: string;
  kind: AlarmReceiverKind;
  id: string;
  name: string;
  phone: string;
  email: string;
  /** How the receiver is reached, in fallback order (push → SMS → e-mail). */
  channels: AlarmChannel[];
}

/** Whether a receiver can be reached by a channel: push needs a user, SMS a phone, e-mail an address. */
export function channelUsable(row: Pick<ReceiverRow, 'kind' | 'phone' | 'email'>, channel: AlarmChannel) {
  if (channel === 'push') return row.kind === 'user';
  return channel === 'sms' ? row.phone !== '' : row.email !== '';
}

interface AlarmReceiverListProps {
  receivers: ReceiverRow[];
  onChange(receivers: ReceiverRow[]): void;
  disabled?: boolean;
}

/**
 * The receivers in escalation order (first is called first). The order changes by dragging a row
 * (mouse, or keyboard: Space, arrows, Space) or with its up/down buttons.
 */
export function AlarmReceiverList({ receivers, onChange, disabled }: AlarmReceiverListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => onChange(arrayMove(receivers, from, to));
  const indexOf = (key: unknown) => receivers.findIndex((row) => row.key === key);
  const nameOf = (key: unknown) => receivers[indexOf(key)]?.name ?? '';
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(indexOf(active.id), indexOf(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('citizens:alarmReceivers.dragInstructions') },
        announcements: {
          onDragStart: ({ active }) =>
            t('citizens:alarmReceivers.announce.picked', { name: nameOf(active.id) }),
          onDragOver: ({ over }) =>
            over
              ? t('citizens:alarmReceivers.announce.position', { position: indexOf(over.id) + 1 })
              : undefined,
          onDragEnd: ({ active, over }) =>
            t('citizens:alarmReceivers.announce.dropped', {
              name: nameOf(active.id),
              position: indexOf(over?.id ?? active.id) + 1,
            }),
          onDragCancel: ({ active }) =>
            t('citizens:alarmReceivers.announce.cancelled', { name: nameOf(active.id) }),
        },
      }}
    >
      <SortableContext items={receivers.map((row) => row.key)} strategy={verticalListSortingStrategy}>
        <Stack
          component="ol"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="alarm-receiver-list"
        >
          {receivers.map((row, index) => (
            <SortableReceiver
              key={row.key}
              row={row}
              position={index + 1}
              disabled={disabled}
              onUp={index > 0 ? () => move(index, index - 1) : undefined}
              onDown={index < receivers.length - 1 ? () => move(index, index + 1) : undefined}
              onRemove={() => onChange(receivers.filter((item) => item.key !== row.key))}
              onChannels={(channels) =>
                onChange(receivers.map((item) => (item.key === row.key ? { ...item, channels } : item)))
              }
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

interface SortableReceiverProps {
  row: ReceiverRow;
  position: number;
  disabled?: boolean;
  onUp?(): void;
  onDown?(): void;
  onRemove(): void;
  onChannels(channels: AlarmChannel[]): void;
}

function SortableReceiver({
  row,
  position,
  disabled,
  onUp,
  onDown,
  onRemove,
  onChannels,
}: SortableReceiverProps) {
  const { t } = useTranslation();
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: row.key, disabled });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      variant="outlined"
      data-testid={`alarm-receiver-${position}`}
      data-name={row.name}
      sx={{
        p: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        opacity: isDragging ? 0.6 : 1,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        size="small"
        disabled={disabled}
        aria-label={t('citizens:alarmReceivers.dragHandle', { name: row.name })}
        sx={{ cursor: 'grab', touchAction: 'none' }}
        data-testid={`alarm-receiver-handle-${position}`}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Typography sx={{ width: 24, fontWeight: 700 }}>{position}.</Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" component="div" sx={{ fontWeight: 600 }} noWrap>
          {row.name}{' '}
          <Chip size="small" label={t(`citizens:alarmReceivers.kinds.${row.kind}`)} sx={{ ml: 0.5 }} />
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {[row.phone, row.email].filter(Boolean).join(' · ') || t('citizens:alarmReceivers.noContact')}
        </Typography>
        <ReceiverChannels row={row} position={position} disabled={disabled} onChange={onChannels} />
      </Box>
      <Tooltip title={t('citizens:alarmReceivers.moveUp')}>
        <span>
          <IconButton
            size="small"
            disabled={disabled || !onUp}
            onClick={onUp}
            aria-label={t('citizens:alarmReceivers.moveUpNamed', { name: row.name })}
            data-testid={`alarm-receiver-up-${position}`}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('citizens:alarmReceivers.moveDown')}>
        <span>
          <IconButton
            size="small"
            disabled={disabled || !onDown}
            onClick={onDown}
            aria-label={t('citizens:alarmReceivers.moveDownNamed', { name: row.name })}
            data-testid={`alarm-receiver-down-${position}`}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('citizens:alarmReceivers.remove')}>
        <span>
          <IconButton
            size="small"
            disabled={disabled}
            onClick={onRemove}
            aria-label={t('citizens:alarmReceivers.removeNamed', { name: row.name })}
            data-testid={`alarm-receiver-remove-${position}`}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
}

/**
 * The receiver's channels as checkboxes: a channel without its address (push for a contact person,
 * SMS without a phone) cannot be chosen, and the last chosen one cannot be unchecked.
 */
function ReceiverChannels({
  row,
  position,
  disabled,
  onChange,
}: {
  row: ReceiverRow;
  position: number;
  disabled?: boolean;
  onChange(channels: AlarmChannel[]): void;
}) {
  const { t } = useTranslation();
  const toggle = (channel: AlarmChannel, checked: boolean) =>
    onChange(ALARM_CHANNELS.filter((each) => (each === channel ? checked : row.channels.includes(each))));
  return (
    <FormGroup
      row
      role="group"
      aria-label={t('citizens:alarmReceivers.channels.label', { name: row.name })}
      data-testid={`alarm-receiver-channels-${position}`}
    >
      {ALARM_CHANNELS.map((channel) => {
        const checked = row.channels.includes(channel);
        const usable = channelUsable(row, channel);
        const last = checked && row.channels.length === 1;
        return (
          <FormControlLabel
            key={channel}
            label={t(`citizens:alarmReceivers.channels.${channel}`)}
            disabled={disabled || (!usable && !checked) || last}
            control={
              <Checkbox
                size="small"
                checked={checked}
                onChange={(event) => toggle(channel, event.target.checked)}
                slotProps={{ input: { 'data-testid': `alarm-receiver-${position}-${channel}` } as object }}
              />
            }
          />
        );
      })}
    </FormGroup>
  );
}
