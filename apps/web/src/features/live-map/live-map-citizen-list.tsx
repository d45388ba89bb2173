import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LiveMapCitizen } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { LIVE_MAP_STATUS_COLORS, liveMapStatusOf, statusRank } from './live-map-status';
import { positionText, statusText } from './live-map-texts';

/** How many citizens the list shows at once; a search finds the others. */
export const LIST_LIMIT = 50;

/** The citizens to list: those whose name matches, the most urgent first, then by name. */
export function citizensToList(citizens: readonly LiveMapCitizen[], search: string): LiveMapCitizen[] {
  const text = search.trim().toLocaleLowerCase();
  const matching = text
    ? citizens.filter((citizen) => citizen.name.toLocaleLowerCase().includes(text))
    : [...citizens];
  const ranked = matching.map((citizen) => ({ citizen, rank: statusRank(liveMapStatusOf(citizen)) }));
  ranked.sort(
    (a, b) =>
      a.rank - b.rank || (a.citizen.name < b.citizen.name ? -1 : a.citizen.name > b.citizen.name ? 1 : 0),
  );
  return ranked.map((entry) => entry.citizen);
}

interface LiveMapCitizenListProps {
  citizens: readonly LiveMapCitizen[];
  selectedId: string | null;
  onSelect(citizenId: string): void;
  now: number;
}

/**
 * The citizens of the map as a list, with their status and the age of their position in words: the
 * way to the card by keyboard and screen reader (the canvas markers are neither).
 */
export function LiveMapCitizenList({ citizens, selectedId, onSelect, now }: LiveMapCitizenListProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const [search, setSearch] = useState('');
  const listed = useMemo(() => citizensToList(citizens, search), [citizens, search]);
  const shown = listed.slice(0, LIST_LIMIT);
  const listId = 'live-map-citizen-list';
  return (
    <Box component="section" aria-labelledby={`${listId}-title`}>
      <Typography id={`${listId}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('liveMap:list.label')}
      </Typography>
      <TextField
        label={t('liveMap:list.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        fullWidth
        type="search"
        sx={{ my: 1 }}
      />
      {listed.length > LIST_LIMIT && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('liveMap:list.showing', { shown: LIST_LIMIT, total: listed.length.toLocaleString(locale) })}
        </Typography>
      )}
      {listed.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('liveMap:list.none')}
        </Typography>
      )}
      {/* Its own scroll box: fifty entries would otherwise push the page far below the map. */}
      <List
        dense
        id={listId}
        aria-labelledby={`${listId}-title`}
        data-testid="live-map-list"
        sx={{ maxHeight: { xs: '60vh', md: 'clamp(240px, 50vh, 620px)' }, overflowY: 'auto' }}
      >
        {shown.map((citizen) => {
          const status = liveMapStatusOf(citizen);
          return (
            <ListItem key={citizen.citizenId} disablePadding>
              <ListItemButton
                selected={citizen.citizenId === selectedId}
                aria-current={citizen.citizenId === selectedId ? 'true' : undefined}
                onClick={() => onSelect(citizen.citizenId)}
                data-testid={`live-map-citizen-${citizen.citizenId}`}
                data-status={status}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 12,
                    height: 12,
                    mr: 1.5,
                    borderRadius: '50%',
                    flexShrink: 0,
                    bgcolor: citizen.locationValid ? LIVE_MAP_STATUS_COLORS[status] : '#ffffff',
                    border: citizen.locationValid ? 'none' : `2px dashed ${LIVE_MAP_STATUS_COLORS[status]}`,
                  }}
                />
                <ListItemText
                  primary={citizen.name}
                  secondary={`${statusText(citizen, t)} · ${positionText(citizen, t, now, locale)}`}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
