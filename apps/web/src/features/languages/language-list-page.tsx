import StarIcon from '@mui/icons-material/Star';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LanguageDto } from '@homeward/contracts';
import { appConfigurationQueryOptions } from '../../app/configuration/get-app-configuration';
import { useNotify } from '../../app/notifications/use-notify';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { apiErrorText } from '../../components/forms/api-error-text';
import { LANGUAGES_QUERY_KEY, setDefaultLanguage } from './languages-api';
import { languagesResource, type LanguageForm } from './languages-resource';

/** /language-management/languages: languages with create/edit/delete and "set as default". */
export function LanguageListPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  /** The switcher and the default language come from the configuration, so it reloads after a write. */
  const refreshingConfiguration = async <T,>(write: Promise<T>): Promise<T> => {
    const result = await write;
    void queryClient.invalidateQueries({ queryKey: appConfigurationQueryOptions.queryKey });
    return result;
  };
  const makeDefault = useMutation({
    mutationFn: (language: LanguageDto) => refreshingConfiguration(setDefaultLanguage(language.id)),
    onSuccess: async (language) => {
      notify.success(t('languages:list.setDefaultSucceeded', { name: language.displayName }));
      await queryClient.invalidateQueries({ queryKey: LANGUAGES_QUERY_KEY });
    },
    onError: (error) =>
      notify.error(t('languages:list.setDefaultFailed', { reason: apiErrorText(t, error) })),
  });
  const resource: CrudResource<LanguageDto, LanguageForm> = {
    ...languagesResource,
    create: (values) => refreshingConfiguration(languagesResource.create!(values)),
    update: (id, values) => refreshingConfiguration(languagesResource.update!(id, values)),
    remove: (id) => refreshingConfiguration(languagesResource.remove!(id)),
    rowActions: [
      {
        id: 'language-set-default',
        labelKey: 'languages:list.setDefault',
        icon: <StarIcon fontSize="small" />,
        permission: 'Homeward.Languages.Edit',
        isVisible: (language) => language.isEnabled && !language.isDefault,
        onClick: (language) => makeDefault.mutate(language),
      },
    ],
  };
  return <CrudListPage resource={resource} />;
}
