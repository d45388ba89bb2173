import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LiveMapCitizen } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isLocated, LIVE_MAP_STATUS_COLORS, liveMapStatusOf } from './live-map-status';
import { positionText, statusText } from './live-map-texts';
import { positionAgeText } from './position-age';

interface LiveMapCitizenCardProps {
  citizen: LiveMapCitizen;
  follow: boolean;
  onFollowChange(follow: boolean): void;
  onClose(): void;
  /** The time ages are counted to (the page's clock, so tests can fix it). */
  now: number;
}

/** The clicked citizen: status, age of the position, battery, the citizen page and "Follow". */
export function LiveMapCitizenCard({
  citizen,
  follow,
  onFollowChange,
  onClose,
  now,
}: LiveMapCitizenCardProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const status = liveMapStatusOf(citizen);
  const lastSeen = positionAgeText(citizen.lastSeenAt, now, locale);
  const titleId = `live-map-card-title-${citizen.citizenId}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-testid="live-map-card"
      data-status={status}
      sx={{ p: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {citizen.name}
        </Typography>
        <IconButton size="small" aria-label={t('liveMap:card.close')} onClick={onClose} edge="end">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Box
          aria-hidden
          sx={{
            width: 12,
            height: 12,
            borderRadius: '50%',
            bgcolor: LIVE_MAP_STATUS_COLORS[status],
            flexShrink: 0,
          }}
        />
        <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="live-map-card-status">
          {statusText(citizen, t)}
        </Typography>
      </Stack>
      <Stack spacing={0.25} sx={{ mt: 1 }}>
        <Typography variant="body2" data-testid="live-map-card-position">
          {positionText(citizen, t, now, locale)}
        </Typography>
        {isLocated(citizen) && !citizen.locationValid && (
          <Typography variant="body2" color="text.secondary" data-testid="live-map-card-no-fix">
            {t('liveMap:card.noFix')}
          </Typography>
        )}
        {citizen.deviceId && (
          <Typography variant="body2">
            {lastSeen ? t('liveMap:card.lastSeen', { age: lastSeen }) : t('liveMap:card.neverSeen')}
          </Typography>
        )}
        {citizen.deviceId && (
          <Typography variant="body2">
            {citizen.battery === null
              ? t('liveMap:card.batteryUnknown')
              : t('liveMap:card.battery', { level: citizen.battery })}
          </Typography>
        )}
        {citizen.organizationName && (
          <Typography variant="body2" color="text.secondary">
            {t('liveMap:card.organization', { name: citizen.organizationName })}
          </Typography>
        )}
      </Stack>
      <Stack
        direction="row"
        sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={follow}
              disabled={!isLocated(citizen)}
              onChange={(event) => onFollowChange(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': `${titleId}-follow-hint` } }}
            />
          }
          label={t('liveMap:card.follow')}
        />
        <Link component={RouterLink} to={`/citizens/${citizen.citizenId}`}>
          {t('liveMap:card.openCitizen')}
        </Link>
      </Stack>
      <Typography id={`${titleId}-follow-hint`} variant="caption" color="text.secondary">
        {t('liveMap:card.followHint')}
      </Typography>
    </Paper>
  );
}
