import { useMemo, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AvailableDevice } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../components/crud/use-debounced-value';
import { useAvailableDevices } from '../get-available-devices';
import { DeviceCard, DevicePanel, type PanelId } from './device-panel';

export interface DeviceTransferPanelsProps {
  /** The citizen's watches, in the order shown. */
  active: AvailableDevice[];
  onChange(active: AvailableDevice[]): void;
  /** At most this many watches (the contract's limit). */
  max: number;
  disabled?: boolean;
  /** An already translated error of the set (too many, a watch taken meanwhile). */
  error?: string;
}

/**
 * The keyboard moves a picked-up watch straight to the other panel (Left/Up: active, Right/Down:
 * available) instead of 25 px per key press, so a keyboard drag is two key presses and a drop.
 * dnd-kit measures the panels and the card in an effect after the pick-up renders; an arrow pressed
 * before that (a quick user, a busy machine) measures the elements itself rather than doing nothing.
 */
export const jumpToPanel: KeyboardCoordinateGetter = (event, { context }) => {
  const target: PanelId | undefined = ['ArrowLeft', 'ArrowUp'].includes(event.code)
    ? 'active'
    : ['ArrowRight', 'ArrowDown'].includes(event.code)
      ? 'available'
      : undefined;
  if (!target) return undefined;
  const rect =
    context.droppableRects.get(target) ??
    context.droppableContainers.get(target)?.node.current?.getBoundingClientRect();
  const card = context.collisionRect ?? context.activeNode?.getBoundingClientRect();
  if (!rect || !card) return undefined;
  event.preventDefault();
  // The dragged card's centre lands inside the panel, near its top, however short the panel is.
  return {
    x: rect.left + rect.width / 2 - card.width / 2,
    y: rect.top + Math.min(48, rect.height / 2) - card.height / 2,
  };
};

/**
 * The pointer decides where a mouse drop lands. A keyboard drag has no pointer: the panel holding
 * the dragged card's centre does, so a short panel next to a tall one is never missed (an overlap
 * ratio would favour whichever panel the card happens to cover more of).
 */
const dropTarget: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const { collisionRect, droppableRects, droppableContainers } = args;
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  return droppableContainers
    .filter((container) => {
      const rect = droppableRects.get(container.id);
      return rect !== undefined && x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
    })
    .map((container) => ({ id: container.id, data: { droppableContainer: container, value: 0 } }));
};

/**
 * Spec §2 wizard step 2: the citizen's watches (active) and the tenant's unassigned watches
 * (available, searched on the server), moved by drag and drop with the mouse or the keyboard, or
 * with each card's Add/Remove button.
 */
export function DeviceTransferPanels({ active, onChange, max, disabled, error }: DeviceTransferPanelsProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const filter = useDebouncedValue(searchText.trim());
  const available = useAvailableDevices(filter);
  const [dragged, setDragged] = useState<AvailableDevice | null>(null);
  // Watches removed from the active panel are not in the server's list until saved: keep them here.
  const [released, setReleased] = useState<AvailableDevice[]>([]);

  const activeIds = useMemo(() => new Set(active.map((device) => device.id)), [active]);
  const availableShown = useMemo(() => {
    const fromServer = available.data?.items ?? [];
    const kept = released.filter(
      (device) =>
        !activeIds.has(device.id) &&
        !fromServer.some((item) => item.id === device.id) &&
        matches(device, filter),
    );
    return [...kept, ...fromServer.filter((device) => !activeIds.has(device.id))];
  }, [available.data, activeIds, filter, released]);

  const full = active.length >= max;
  const add = (device: AvailableDevice) => {
    if (!full && !activeIds.has(device.id)) onChange([...active, device]);
  };
  const remove = (device: AvailableDevice) => {
    setReleased((list) => [device, ...list.filter((item) => item.id !== device.id)]);
    onChange(active.filter((item) => item.id !== device.id));
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: jumpToPanel }),
  );
  const onDragStart = ({ active: drag }: DragStartEvent) =>
    setDragged((drag.data.current?.device as AvailableDevice | undefined) ?? null);
  const onDragEnd = ({ active: drag, over }: DragEndEvent) => {
    setDragged(null);
    const device = drag.data.current?.device as AvailableDevice | undefined;
    const from = drag.data.current?.from as PanelId | undefined;
    if (!device || !over || over.id === from) return;
    if (over.id === 'active') add(device);
    else remove(device);
  };

  const nameOf = (dragId: string | number) =>
    (findIn(active, dragId) ?? findIn(availableShown, dragId))?.name ?? '';
  const announcements = {
    onDragStart: ({ active: drag }: { active: { id: string | number } }) =>
      t('citizens:devices.announce.picked', { name: nameOf(drag.id) }),
    onDragOver: ({ over }: { over: { id: string | number } | null }) =>
      over ? t('citizens:devices.announce.over', { panel: t(`citizens:devices.${over.id}`) }) : undefined,
    onDragEnd: ({
      active: drag,
      over,
    }: {
      active: { id: string | number };
      over: { id: string | number } | null;
    }) =>
      over
        ? t('citizens:devices.announce.dropped', {
            name: nameOf(drag.id),
            panel: t(`citizens:devices.${over.id}`),
          })
        : t('citizens:devices.announce.cancelled', { name: nameOf(drag.id) }),
    onDragCancel: ({ active: drag }: { active: { id: string | number } }) =>
      t('citizens:devices.announce.cancelled', { name: nameOf(drag.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dropTarget}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('citizens:devices.dragInstructions') },
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('citizens:devices.help')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="citizen-devices-error">
          {error}
        </Alert>
      )}
      {/* minmax(0, 1fr): a long watch name is cut with an ellipsis instead of widening the page. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <DevicePanel
          id="active"
          title={t('citizens:devices.activeCount', { count: active.length, max })}
          devices={active}
          emptyText={t('citizens:devices.activeEmpty')}
          disabled={disabled}
          onAction={remove}
        />
        <DevicePanel
          id="available"
          title={t('citizens:devices.available')}
          devices={availableShown}
          emptyText={
            available.isError
              ? t('citizens:devices.availableFailed')
              : available.isPending
                ? t('identity:crud.loading')
                : t('citizens:devices.availableEmpty')
          }
          disabled={disabled}
          actionDisabled={full}
          onAction={add}
          search={
            <TextField
              size="small"
              fullWidth
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t('citizens:devices.search')}
              slotProps={{ htmlInput: { 'data-testid': 'citizen-devices-search' } }}
            />
          }
          footer={
            available.data && available.data.totalCount > available.data.items.length
              ? t('citizens:devices.moreAvailable', {
                  shown: available.data.items.length,
                  total: available.data.totalCount,
                })
              : undefined
          }
        />
      </Box>
      <DragOverlay>{dragged && <DeviceCard device={dragged} overlay />}</DragOverlay>
    </DndContext>
  );
}

function matches(device: AvailableDevice, filter: string): boolean {
  const text = filter.toLowerCase();
  return !text || device.name.toLowerCase().includes(text) || device.imei.includes(text);
}

function findIn(devices: AvailableDevice[], dragId: string | number) {
  const id = String(dragId).split(':')[1];
  return devices.find((device) => device.id === id);
}
