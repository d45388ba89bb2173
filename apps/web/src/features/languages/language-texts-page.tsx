import { useState } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { LanguageText, LanguageTextListRequest } from '@homeward/contracts';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { TEXTS_QUERY_KEY, getTexts } from './languages-api';
import { LanguageTextDialog } from './language-text-dialog';
import { LanguageTextFilters, type LanguageTextFilterValues } from './language-text-filters';

const textId = (text: LanguageText) => `${text.namespace}:${text.key}`;

type TextFilter = Omit<LanguageTextListRequest, 'skipCount' | 'maxResultCount' | 'sorting'>;

/**
 * /language-management/texts: shipped texts next to their overrides, editable per target language.
 * Its search box is one of its filters, beside the namespace and the languages.
 */
export function LanguageTextsPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<LanguageTextFilterValues>(() => ({
    resourceName: '',
    baseCultureName: 'en',
    targetCultureName: i18n.resolvedLanguage && i18n.resolvedLanguage !== 'en' ? i18n.resolvedLanguage : 'da',
    getOnlyEmptyValues: false,
    search: '',
  }));
  const search = useDebouncedValue(filters.search);
  const [editing, setEditing] = useState<LanguageText | null>(null);
  const query: TextFilter = {
    resourceName: filters.resourceName || undefined,
    baseCultureName: filters.baseCultureName,
    targetCultureName: filters.targetCultureName,
    getOnlyEmptyValues: filters.getOnlyEmptyValues,
    filter: search.trim() || undefined,
  };

  const columns = (): GridColDef<LanguageText>[] => [
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
  ];

  const resource: CrudResource<LanguageText, Record<string, never>, TextFilter> = {
    queryKey: TEXTS_QUERY_KEY,
    titleKey: 'languages:texts.title',
    entityKey: 'languages:texts.title',
    columns,
    sortFields: [],
    getId: textId,
    getName: textId,
    searchable: false,
    fetchList: getTexts,
    permissions: {},
    rowActions: [
      {
        id: 'texts-edit',
        labelKey: 'languages:texts.edit',
        icon: <EditIcon fontSize="small" />,
        permission: 'Homeward.Languages.ChangeTexts',
        onClick: setEditing,
      },
    ],
  };

  return (
    <CrudListPage
      resource={resource}
      filters={<LanguageTextFilters values={filters} onChange={setFilters} />}
      filterValues={query}
      gridTestId="texts-grid"
    >
      {editing && (
        <LanguageTextDialog
          key={textId(editing)}
          text={editing}
          cultureName={filters.targetCultureName}
          onClose={() => setEditing(null)}
        />
      )}
    </CrudListPage>
  );
}
