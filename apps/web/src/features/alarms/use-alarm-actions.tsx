import { useState, type ReactNode } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { ALL_TENANTS_ID, type Alarm } from '@homeward/contracts';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { useAppState } from '../../app/state/app-store';
import type { RowActionButton } from '../../components/crud/crud-row-actions';
import { useAcknowledgeAlarm } from './acknowledge-alarm';
import { HandleAlarmDialog } from './handle-alarm-dialog';

/**
 * The row actions of an alarm, offered per permission and per state: Acknowledge while open,
 * Handle while open or acknowledged (handling straight from open closes a false alarm); a handled
 * or cleared alarm (its condition cleared, the system closed it) offers none.
 * `dialog` is the Handle note dialog; render it next to the list.
 */
export function useAlarmActions(): {
  actionsOf(alarm: Alarm): RowActionButton[];
  hasActions: boolean;
  dialog: ReactNode;
} {
  const policies = useGrantedPolicies();
  const acknowledge = useAcknowledgeAlarm();
  const [handling, setHandling] = useState<Alarm | null>(null);
  // A host looking at All tenants reads every alarm but changes none (the server refuses writes).
  const readOnly = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const mayAcknowledge = !readOnly && policies['Homeward.Alarms.Acknowledge'] === true;
  const mayHandle = !readOnly && policies['Homeward.Alarms.Handle'] === true;

  const actionsOf = (alarm: Alarm): RowActionButton[] => [
    ...(mayAcknowledge && alarm.state === 'open'
      ? [
          {
            testId: `alarm-acknowledge-${alarm.id}`,
            labelKey: 'alarms:acknowledge',
            icon: <CheckIcon fontSize="small" />,
            onClick: () => void acknowledge.mutateAsync(alarm.id).catch(() => undefined),
          },
        ]
      : []),
    ...(mayHandle && (alarm.state === 'open' || alarm.state === 'acknowledged')
      ? [
          {
            testId: `alarm-handle-${alarm.id}`,
            labelKey: 'alarms:handle',
            icon: <DoneAllIcon fontSize="small" />,
            onClick: () => setHandling(alarm),
          },
        ]
      : []),
  ];

  return {
    actionsOf,
    hasActions: mayAcknowledge || mayHandle,
    dialog: handling && <HandleAlarmDialog alarm={handling} onClose={() => setHandling(null)} />,
  };
}
