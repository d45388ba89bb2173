import type { ReactElement } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../app/layout/page-loading';
import type { Guide, GuideLanguage } from './guide-types';
import { useGuides } from './use-guides';

/**
 * Renders `children` with the guides once they and the screen's texts (the `guides` namespace,
 * fetched when a guides screen first opens) are there; a spinner before, a retry after a failure.
 */
export function WithGuides({
  children,
}: {
  children(guides: readonly Guide[], language: GuideLanguage): ReactElement;
}) {
  const { t, ready, i18n } = useTranslation('guides');
  const state = useGuides();
  if (!ready || state.status === 'loading') return <PageLoading />;
  if (state.status === 'failed') {
    return (
      <Alert
        severity="error"
        data-testid="guides-failed"
        action={
          <Button color="inherit" onClick={state.retry}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </Alert>
    );
  }
  const shownInEnglish = state.language === 'en' && !(i18n.language ?? 'en').startsWith('en');
  return (
    <>
      {shownInEnglish && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="guides-in-english">
          {t('inEnglish')}
        </Alert>
      )}
      {children(state.guides, state.language)}
    </>
  );
}
