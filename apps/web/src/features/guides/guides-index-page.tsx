import { useEffect, useId } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { ScreenTitle } from '../../components/screen-title';
import type { Guide } from './guide-types';
import { WithGuides } from './guides-state-view';
import { searchGuides } from './search-guides';

/** The `q` parameter keeps the search in the address, so going back to the list keeps it too. */
const QUERY_PARAMETER = 'q';

function GuideCards({ guides }: { guides: readonly Guide[] }) {
  return (
    <Box
      component="ul"
      data-testid="guide-list"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
    >
      {guides.map((guide) => (
        <li key={guide.slug}>
          <Card variant="outlined">
            <CardActionArea
              component={RouterLink}
              to={`/guides/${guide.slug}`}
              data-testid={`guide-link-${guide.slug}`}
            >
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                  {guide.title}
                </Typography>
                <Typography color="text.secondary">{guide.summary}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}

/** The navigation's "Help" entry opens this screen at its help block (`/guides#help`). */
function HelpBlock() {
  const { t } = useTranslation('guides');
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#help') document.getElementById('help')?.scrollIntoView?.();
  }, [hash]);
  return (
    <Box component="section" id="help" aria-labelledby="guides-help-title" sx={{ mt: 5 }}>
      <Typography id="guides-help-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('help.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('help.text')}
      </Typography>
      <Button component={RouterLink} to="/contact" variant="outlined" data-testid="guides-contact">
        {t('help.contact')}
      </Button>
    </Box>
  );
}

/** /guides: every guide in the current language, filtered by a search over titles and texts. */
export function GuidesIndexPage() {
  const { t } = useTranslation(['guides', 'translation']);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get(QUERY_PARAMETER) ?? '';
  const countId = useId();
  const setQuery = (next: string) =>
    setSearchParams(next ? { [QUERY_PARAMETER]: next } : {}, { replace: true, preventScrollReset: true });

  return (
    <Box sx={{ maxWidth: 840, minWidth: 0 }}>
      <ScreenTitle>{t('translation:routes.guides')}</ScreenTitle>
      <WithGuides>
        {(guides) => {
          const found = searchGuides(guides, query);
          return (
            <>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {t('guides:intro')}
              </Typography>
              <TextField
                type="search"
                label={t('guides:searchLabel')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                fullWidth
                slotProps={{
                  htmlInput: { 'data-testid': 'guides-search', 'aria-describedby': countId },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon />
                      </InputAdornment>
                    ),
                  },
                }}
                sx={{ mb: 1 }}
              />
              <Typography
                id={countId}
                variant="body2"
                color="text.secondary"
                role="status"
                data-testid="guides-count"
                sx={{ mb: 2 }}
              >
                {t('guides:resultCount', { count: found.length })}
              </Typography>
              {found.length > 0 ? (
                <GuideCards guides={found} />
              ) : (
                <Box data-testid="guides-no-match">
                  <EmptyState
                    title={t('guides:noMatch.title', { query: query.trim() })}
                    description={t('guides:noMatch.description')}
                    action={
                      <Button onClick={() => setQuery('')} variant="outlined">
                        {t('guides:noMatch.showAll')}
                      </Button>
                    }
                  />
                </Box>
              )}
              <HelpBlock />
            </>
          );
        }}
      </WithGuides>
    </Box>
  );
}
