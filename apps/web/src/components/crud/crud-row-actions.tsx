import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowActionButton {
  testId: string;
  labelKey: string;
  icon: ReactNode;
  onClick(): void;
}

/** The icon buttons of one row; the caller passes only those the user may use. */
export function CrudRowActions({ actions }: { actions: RowActionButton[] }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      {actions.map((action) => (
        <Tooltip key={action.testId} title={t(action.labelKey)}>
          <IconButton
            size="small"
            aria-label={t(action.labelKey)}
            data-testid={action.testId}
            onClick={action.onClick}
          >
            {action.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
}
