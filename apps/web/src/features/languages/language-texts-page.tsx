import { useState } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { LanguageText } from '@homeward/contracts';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { ScreenTitle } from '../../components/screen-title';
import { CrudRowActions } from '../../components/crud/crud-row-actions';
import type { PagedListRequest } from '../../components/crud/paged-list-request';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { TEXTS_QUERY_KEY, getTexts } from './languages-api';
import { LanguageTextDialog } from './language-text-dialog';
import { LanguageTextFilters, type LanguageTextFilterValues } from './language-text-filters';

const textId = (text: LanguageText) => `${text.namespace}:${text.key}`;

/** /language-management/texts: shipped texts next to their overrides, editable per target language. */
export function LanguageTextsPage() {
  const { t, i18n } = useTranslation();
  const canEdit = useGrantedPolicies()['Homeward.Languages.ChangeTexts'] === true;
  const [filters, setFilters] = useState<LanguageTextFilterValues>(() => ({
    resourceName: '',
    baseCultureName: 'en',
    targetCultureName: i18n.resolvedLanguage && i18n.resolvedLanguage !== 'en' ? i18n.resolvedLanguage : 'da',
    getOnlyEmptyValues: false,
    search: '',
  }));
  const search = useDebouncedValue(filters.search);
  const [editing, setEditing] = useState<LanguageText | null>(null);
  const query = {
    resourceName: filters.resourceName || undefined,
    baseCultureName: filters.baseCultureName,
    targetCultureName: filters.targetCultureName,
    getOnlyEmptyValues: filters.getOnlyEmptyValues,
  };

  const columns: GridColDef<LanguageText>[] = [
    { field: 'namespace', headerName: t('languages:texts.namespace'), width: 140 },
    { field: 'key', headerName: t('languages:texts.key'), flex: 1, minWidth: 180 },
    { field: 'baseValue', headerName: t('languages:texts.baseValue'), flex: 1, minWidth: 180 },
    {
      field: 'value',
      headerName: t('languages:texts.value'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => (
        <>
          {row.value}
          {row.isOverridden && (
            <Chip size="small" sx={{ ml: 1 }} label={t('languages:texts.overridden')} color="primary" />
          )}
        </>
      ),
    },
    ...(canEdit
      ? [
          {
            field: '__actions',
            headerName: t('identity:crud.actions'),
            sortable: false,
            disableColumnMenu: true,
            width: 90,
            renderCell: ({ row }) => (
              <CrudRowActions
                actions={[
                  {
                    testId: `texts-edit-${textId(row)}`,
                    labelKey: 'languages:texts.edit',
                    icon: <EditIcon fontSize="small" />,
                    onClick: () => setEditing(row),
                  },
                ]}
              />
            ),
          } satisfies GridColDef<LanguageText>,
        ]
      : []),
  ];

  return (
    <>
      <ScreenTitle>{t('languages:texts.title')}</ScreenTitle>
      <LanguageTextFilters values={filters} onChange={setFilters} />
      <ServerDataGrid
        queryKey={[...TEXTS_QUERY_KEY, query]}
        fetchPage={(request: PagedListRequest) => getTexts({ ...request, ...query })}
        columns={columns}
        sortFields={[]}
        getRowId={textId}
        search={search}
        filterKey={JSON.stringify(query)}
        testId="texts-grid"
      />
      {editing && (
        <LanguageTextDialog
          key={textId(editing)}
          text={editing}
          cultureName={filters.targetCultureName}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
