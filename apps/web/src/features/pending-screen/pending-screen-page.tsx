import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { ScreenTitle } from '../../components/screen-title';

/** A protected screen whose content arrives with its own issue: the real title and an empty state. */
export function PendingScreenPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ScreenTitle>{t(titleKey)}</ScreenTitle>
      <EmptyState title={t('emptyState.title')} description={t('emptyState.description')} />
    </>
  );
}
