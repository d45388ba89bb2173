import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's chunk loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box data-testid="page-loading" sx={{ display: 'grid', placeContent: 'center', py: 8 }}>
      <CircularProgress color="secondary" aria-label={t('identity:crud.loading')} />
    </Box>
  );
}
