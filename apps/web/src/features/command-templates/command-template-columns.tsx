import type { GridColDef } from '@mui/x-data-grid';
import type { CommandTemplate } from '@homeward/contracts';
import { yesNoColumn } from '../../components/crud/yes-no-column';

/** The list's columns: name, command text, product, number of variables, text-message flag. */
export function commandTemplateColumns(t: (key: string) => string): GridColDef<CommandTemplate>[] {
  return [
    { field: 'name', headerName: t('commandTemplates:name'), flex: 1, minWidth: 160 },
    {
      field: 'commandText',
      headerName: t('commandTemplates:commandText'),
      flex: 1.5,
      minWidth: 200,
      renderCell: ({ row }) => <code data-testid={`command-text-${row.name}`}>{row.commandText}</code>,
    },
    {
      field: 'productName',
      headerName: t('commandTemplates:product'),
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, row) => row.productName ?? t('commandTemplates:anyProduct'),
    },
    {
      field: 'variablesCount',
      headerName: t('commandTemplates:variablesCount'),
      width: 110,
      type: 'number',
      valueGetter: (_value, row) => row.variables.length,
    },
    yesNoColumn<CommandTemplate>(t, 'isTextMessage', 'commandTemplates:textMessage'),
  ];
}
