import type { ReactNode } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import AddIcon from '@mui/icons-material/Add';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AvailableDevice } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';

/** The two drop targets of the devices step. */
export type PanelId = 'active' | 'available';

interface DevicePanelProps {
  id: PanelId;
  title: string;
  devices: AvailableDevice[];
  emptyText: string;
  disabled?: boolean;
  /** The Add buttons are off (the active panel is full). */
  actionDisabled?: boolean;
  onAction(device: AvailableDevice): void;
  search?: ReactNode;
  footer?: string;
}

/** One panel: a drop target listing draggable watch cards, each with its Add or Remove button. */
export function DevicePanel(props: DevicePanelProps) {
  const { id, title, devices, emptyText, disabled, search, footer } = props;
  const { setNodeRef, isOver } = useDroppable({ id, disabled });
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid={`citizen-devices-${id}`}
      data-over={isOver}
      sx={{
        p: 1.5,
        minHeight: 260,
        borderStyle: isOver ? 'dashed' : 'solid',
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : 'background.paper',
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {search && <Box sx={{ mb: 1 }}>{search}</Box>}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {devices.map((device) => (
          <li key={device.id}>
            <DraggableDeviceCard {...props} device={device} />
          </li>
        ))}
      </Stack>
      {devices.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      )}
      {footer && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {footer}
        </Typography>
      )}
    </Paper>
  );
}

function DraggableDeviceCard({
  id: panel,
  device,
  disabled,
  actionDisabled,
  onAction,
}: DevicePanelProps & { device: AvailableDevice }) {
  const { t } = useTranslation();
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: `${panel}:${device.id}`,
    data: { device, from: panel },
    disabled,
  });
  const adding = panel === 'available';
  return (
    <DeviceCard
      device={device}
      faded={isDragging}
      cardRef={setNodeRef}
      handleRef={setActivatorNodeRef}
      handleProps={{ ...attributes, ...listeners, 'data-testid': `citizen-device-${device.name}` }}
      action={
        <Button
          size="small"
          variant="outlined"
          startIcon={adding ? <AddIcon /> : <RemoveIcon />}
          disabled={disabled || (adding && actionDisabled)}
          onClick={() => onAction(device)}
          sx={{ flexShrink: 0 }}
          aria-label={t(adding ? 'citizens:devices.addNamed' : 'citizens:devices.removeNamed', {
            name: device.name,
          })}
          data-testid={`citizen-device-${adding ? 'add' : 'remove'}-${device.name}`}
        >
          {t(adding ? 'citizens:devices.add' : 'citizens:devices.remove')}
        </Button>
      }
    />
  );
}

interface DeviceCardProps {
  device: AvailableDevice;
  action?: ReactNode;
  faded?: boolean;
  overlay?: boolean;
  cardRef?(node: HTMLElement | null): void;
  handleRef?(node: HTMLElement | null): void;
  /** dnd-kit's attributes and listeners: what the mouse and keyboard pick up. */
  handleProps?: object;
}

/**
 * A watch: name, IMEI and device family, which are what the mouse and keyboard drag, beside its
 * Add or Remove button. The handle and the button are siblings, not one inside the other: a
 * control inside a draggable (a role="button") is hidden from screen readers.
 */
export function DeviceCard({
  device,
  action,
  faded,
  overlay,
  cardRef,
  handleRef,
  handleProps,
}: DeviceCardProps) {
  const { t } = useTranslation();
  return (
    <Paper
      ref={cardRef}
      elevation={overlay ? 6 : 0}
      variant={overlay ? 'elevation' : 'outlined'}
      sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 1, opacity: faded ? 0.4 : 1 }}
    >
      <Box
        ref={handleRef}
        {...handleProps}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          borderRadius: 1,
          cursor: overlay ? 'grabbing' : 'grab',
          touchAction: 'none',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <DragIndicatorIcon color="action" fontSize="small" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {device.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {t('citizens:devices.imei', { imei: device.imei })}
            {device.productName ? ` · ${device.productName}` : ''}
          </Typography>
        </Box>
      </Box>
      {action}
    </Paper>
  );
}
