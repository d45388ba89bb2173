import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../components/screen-title';
import { GuideBlockView } from './guide-blocks';
import { WithGuides } from './guides-state-view';

/** /guides/:slug: one guide in the current language, or "does not exist" for an unknown slug. */
export function GuidePage() {
  const { t } = useTranslation('guides');
  const { slug = '' } = useParams();
  return (
    <Box sx={{ maxWidth: 840, minWidth: 0, overflowWrap: 'break-word' }}>
      <Button
        component={RouterLink}
        to="/guides"
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1 }}
        data-testid="guides-back"
      >
        {t('allGuides')}
      </Button>
      <WithGuides>
        {(guides, language) => {
          const guide = guides.find((candidate) => candidate.slug === slug);
          if (!guide) {
            return (
              <Box data-testid="guide-not-found">
                <ScreenTitle>{t('notFound.title')}</ScreenTitle>
                <Typography color="text.secondary">{t('notFound.description')}</Typography>
              </Box>
            );
          }
          return (
            <Box component="article" data-testid={`guide-${guide.slug}`} lang={language}>
              <ScreenTitle>{guide.title}</ScreenTitle>
              <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
                {guide.summary}
              </Typography>
              {guide.blocks.map((block, index) => (
                <GuideBlockView key={index} block={block} language={language} />
              ))}
            </Box>
          );
        }}
      </WithGuides>
    </Box>
  );
}
