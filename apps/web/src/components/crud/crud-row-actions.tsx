import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
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

/**
 * The width the actions column needs for `buttons` icon buttons (28 px each, 4 px apart, the cell's
 * 10 px padding either side), and never less than its header ("Handlinger") takes.
 */
export function actionsColumnWidth(buttons: number): number {
  return Math.max(110, buttons * 32 + 16);
}

/** The list's last column: the row's action buttons (`actionsOf`), not sortable or filterable. */
export function crudActionsColumn<TRow extends GridValidRowModel>(
  t: TFunction,
  actionsOf: (row: TRow) => RowActionButton[],
  width: Pick<GridColDef<TRow>, 'width' | 'minWidth'> = { width: 120 },
): GridColDef<TRow> {
  return {
    field: '__actions',
    headerName: t('identity:crud.actions'),
    sortable: false,
    filterable: false,
    disableColumnMenu: true,
    ...width,
    renderCell: ({ row }) => <CrudRowActions actions={actionsOf(row)} />,
  };
}
