import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Organization } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useOrganizationSearch } from './get-organizations';

/** Organizations whose name matches the search (server-side); choosing one reveals it in the tree. */
export function OrganizationSearchResults(props: {
  filter: string;
  onReveal(organization: Organization): void;
}) {
  const { t } = useTranslation();
  const search = useOrganizationSearch(props.filter);
  if (search.isPending) {
    return (
      <Stack sx={{ py: 3, alignItems: 'center' }}>
        <CircularProgress size={24} aria-label={t('identity:crud.loading')} />
      </Stack>
    );
  }
  if (search.isError) return <Alert severity="error">{t('identity:crud.loadFailed')}</Alert>;
  if (search.data.items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }} data-testid="org-search-empty">
        {t('organizations:noResults')}
      </Typography>
    );
  }
  return (
    <List dense aria-label={t('organizations:searchResults')} data-testid="org-search-results">
      {search.data.items.map((organization) => (
        <ListItemButton
          key={organization.id}
          onClick={() => props.onReveal(organization)}
          data-testid={`org-result-${organization.displayName}`}
        >
          <ListItemText
            primary={organization.displayName}
            secondary={`${organization.parentName ?? t('organizations:root')} · ${t(
              'organizations:deviceCount',
              { count: organization.deviceCount },
            )}`}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
