import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { getI18n } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CITIZEN_SORT_FIELDS, type CitizenListItem } from '@homeward/contracts';
import type { CrudResource } from '../../components/crud/crud-resource';
import { CITIZENS_QUERY_KEY, getCitizens } from './get-citizens';
import { deleteCitizen } from './save-citizen';

/** "Karen Jensen": how lists, dialogs and test ids name a citizen. */
export const fullNameOf = (citizen: Pick<CitizenListItem, 'name' | 'surname'>) =>
  `${citizen.name} ${citizen.surname}`;

/**
 * Citizens as a CRUD resource: the list (CPR masked), delete, and "open" to the detail page. Creating
 * goes through the wizard and editing through the detail page, so there is no form dialog.
 */
export function citizensResource(options: {
  readOnly: boolean;
  open(citizen: CitizenListItem): void;
  /** A household's list: no organization column (its citizens all are in its one, unseen unit). */
  plugAndPlay?: boolean;
}): CrudResource<CitizenListItem, Record<string, never>> {
  return {
    queryKey: CITIZENS_QUERY_KEY,
    titleKey: 'citizens:title',
    entityKey: 'citizens:entity',
    columns: (t) =>
      [
        {
          field: 'name',
          headerName: t('citizens:name'),
          flex: 1,
          minWidth: 110,
          renderCell: ({ row }) => (
            <Link
              component={RouterLink}
              to={`/citizens/${row.id}`}
              data-testid={`citizen-link-${fullNameOf(row)}`}
            >
              {row.name}
            </Link>
          ),
        },
        { field: 'surname', headerName: t('citizens:surname'), flex: 1, minWidth: 110 },
        { field: 'cprMasked', headerName: t('citizens:cpr'), width: 120, sortable: false },
        { field: 'city', headerName: t('citizens:city'), flex: 1, minWidth: 100 },
        ...(options.plugAndPlay
          ? []
          : [
              {
                field: 'organizationName',
                headerName: t('citizens:organization'),
                flex: 1,
                minWidth: 150,
              } satisfies GridColDef<CitizenListItem>,
            ]),
        { field: 'deviceCount', headerName: t('citizens:deviceCount'), width: 90, sortable: false },
        {
          field: 'createdAt',
          headerName: t('citizens:created'),
          width: 150,
          // In the language the screen is shown in, not the browser's.
          valueFormatter: (value: string) =>
            new Date(value).toLocaleString(getI18n().language, { dateStyle: 'short', timeStyle: 'short' }),
        },
      ] satisfies GridColDef<CitizenListItem>[],
    sortFields: CITIZEN_SORT_FIELDS,
    getId: (citizen) => citizen.id,
    getName: fullNameOf,
    fetchList: getCitizens,
    permissions: { create: 'Homeward.Citizens.Create', delete: 'Homeward.Citizens.Delete' },
    remove: options.readOnly ? undefined : deleteCitizen,
    rowActions: [
      {
        id: 'citizen-open',
        labelKey: 'citizens:open',
        icon: <OpenInNewIcon fontSize="small" />,
        onClick: options.open,
      },
    ],
  };
}
