import { useState, type ReactNode } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { ALL_TENANTS_ID, type Alarm } from '@homeward/contracts';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { useAppState } from '../../app/state/app-store';
import type { RowActionButton } from '../../components/crud/crud-row-actions';
import type { CrudRowAction } from '../../components/crud/crud-resource';
import { useAcknowledgeAlarm } from './acknowledge-alarm';
import { HandleAlarmDialog } from './handle-alarm-dialog';

/**
 * The row actions of an alarm, offered per permission and per state: Acknowledge while open,
 * Handle while open or acknowledged (handling straight from open closes a false alarm); a handled
 * or cleared alarm (its condition cleared, the system closed it) offers none.
 * `rowActions` are for a list (`CrudListPage` checks their permissions), `actionsOf` the buttons
 * one alarm shows to this user; `dialog` is the Handle note dialog: render it next to them.
 */
export function useAlarmActions(): {
  rowActions: CrudRowAction<Alarm>[];
  actionsOf(alarm: Alarm): RowActionButton[];
  dialog: ReactNode;
} {
  const policies = useGrantedPolicies();
  const acknowledge = useAcknowledgeAlarm();
  const [handling, setHandling] = useState<Alarm | null>(null);
  // A host looking at All tenants reads every alarm but changes none (the server refuses writes).
  const readOnly = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);

  const rowActions: CrudRowAction<Alarm>[] = readOnly
    ? []
    : [
        {
          id: 'alarm-acknowledge',
          labelKey: 'alarms:acknowledge',
          icon: <CheckIcon fontSize="small" />,
          permission: 'Homeward.Alarms.Acknowledge',
          isVisible: (alarm) => alarm.state === 'open',
          onClick: (alarm) => void acknowledge.mutateAsync(alarm.id).catch(() => undefined),
        },
        {
          id: 'alarm-handle',
          labelKey: 'alarms:handle',
          icon: <DoneAllIcon fontSize="small" />,
          permission: 'Homeward.Alarms.Handle',
          isVisible: (alarm) => alarm.state === 'open' || alarm.state === 'acknowledged',
          onClick: (alarm) => setHandling(alarm),
        },
      ];

  const actionsOf = (alarm: Alarm): RowActionButton[] =>
    rowActions
      .filter(
        (action) =>
          (action.permission === undefined || policies[action.permission] === true) &&
          (action.isVisible?.(alarm) ?? true),
      )
      .map((action) => ({
        testId: `${action.id}-${alarm.id}`,
        labelKey: action.labelKey,
        icon: action.icon,
        onClick: () => action.onClick(alarm),
      }));

  return {
    rowActions,
    actionsOf,
    dialog: handling && <HandleAlarmDialog alarm={handling} onClose={() => setHandling(null)} />,
  };
}
