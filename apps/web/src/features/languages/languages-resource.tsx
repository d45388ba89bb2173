import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_SORT_FIELDS, zCreateLanguageRequest, type LanguageDto } from '@homeward/contracts';
import type { z } from 'zod';
import type { SelectOption } from '../../components/crud/crud-form-fields';
import type { CrudResource } from '../../components/crud/crud-resource';
import { yesNoColumn } from '../../components/crud/yes-no-column';
import {
  LANGUAGES_QUERY_KEY,
  createLanguage,
  deleteLanguage,
  getCultureList,
  getLanguages,
  updateLanguage,
} from './languages-api';

export type LanguageForm = z.output<typeof zCreateLanguageRequest>;

/** The common cultures named in the UI language, from the server's Intl list. */
function useCultureOptions(): SelectOption[] {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const cultures = useQuery({
    queryKey: [...LANGUAGES_QUERY_KEY, 'culture-list', lng],
    queryFn: () => getCultureList(lng),
    staleTime: Infinity,
  });
  // An empty first choice, so a new language starts with no culture rather than a silent first one.
  return [
    { value: '', label: '' },
    ...(cultures.data?.items ?? []).map((culture) => ({
      value: culture.cultureName,
      label: `${culture.displayName} (${culture.cultureName})`,
    })),
  ];
}

/** Languages (host only) as a CRUD resource; the default can be neither disabled nor deleted. */
export const languagesResource: CrudResource<LanguageDto, LanguageForm> = {
  queryKey: LANGUAGES_QUERY_KEY,
  titleKey: 'languages:list.title',
  entityKey: 'languages:list.entity',
  columns: (t) => [
    { field: 'displayName', headerName: t('languages:list.displayName'), flex: 1, minWidth: 160 },
    { field: 'cultureName', headerName: t('languages:list.cultureName'), width: 140 },
    { field: 'uiCultureName', headerName: t('languages:list.uiCultureName'), width: 160 },
    { field: 'flagIcon', headerName: t('languages:list.flagIcon'), width: 150 },
    yesNoColumn(t, 'isEnabled', 'languages:list.isEnabled'),
    yesNoColumn(t, 'isDefault', 'languages:list.isDefault'),
  ],
  sortFields: LANGUAGE_SORT_FIELDS,
  getId: (language) => language.id,
  getName: (language) => language.cultureName,
  fetchList: getLanguages,
  permissions: {
    create: 'Homeward.Languages.Create',
    update: 'Homeward.Languages.Edit',
    delete: 'Homeward.Languages.Delete',
  },
  create: createLanguage,
  update: updateLanguage,
  remove: deleteLanguage,
  canDelete: (language) => !language.isDefault,
  form: {
    schema: () => zCreateLanguageRequest,
    fields: (mode, language) => [
      {
        kind: 'select',
        name: 'cultureName',
        labelKey: 'languages:list.cultureName',
        useOptions: useCultureOptions,
        disabled: mode === 'edit',
      },
      {
        kind: 'select',
        name: 'uiCultureName',
        labelKey: 'languages:list.uiCultureName',
        useOptions: useCultureOptions,
      },
      { kind: 'text', name: 'displayName', labelKey: 'languages:list.displayName' },
      { kind: 'text', name: 'flagIcon', labelKey: 'languages:list.flagIcon' },
      {
        kind: 'switch',
        name: 'isEnabled',
        labelKey: 'languages:list.isEnabled',
        disabled: language?.isDefault,
      },
    ],
    defaultValues: () => ({
      cultureName: '',
      uiCultureName: '',
      displayName: '',
      flagIcon: '',
      isEnabled: true,
    }),
    toFormValues: (language) => ({
      cultureName: language.cultureName,
      uiCultureName: language.uiCultureName,
      displayName: language.displayName,
      flagIcon: language.flagIcon ?? '',
      isEnabled: language.isEnabled,
    }),
  },
};
