import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LIVE_MAP_STATUS_COLORS, LIVE_MAP_STATUSES } from './live-map-status';

const dot = (color: string, hollow = false) => ({
  width: 14,
  height: 14,
  borderRadius: '50%',
  flexShrink: 0,
  bgcolor: hollow ? '#ffffff' : color,
  border: hollow ? `2px dashed ${color}` : '1px solid #ffffff',
  boxShadow: hollow ? 'none' : '0 0 0 1px rgba(0,0,0,.35)',
});

/** What the colours, the hollow markers and the bubbles mean, in words. */
export function LiveMapLegend() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('liveMap:legend.label')} data-testid="live-map-legend">
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center' }}>
        {LIVE_MAP_STATUSES.map((status) => (
          <Stack key={status} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box aria-hidden sx={dot(LIVE_MAP_STATUS_COLORS[status])} />
            <Typography variant="body2">{t(`liveMap:statuses.${status}`)}</Typography>
          </Stack>
        ))}
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={dot(LIVE_MAP_STATUS_COLORS.offline, true)} />
          <Typography variant="body2">{t('liveMap:legend.noFix')}</Typography>
        </Stack>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{ ...dot(LIVE_MAP_STATUS_COLORS.online), width: 20, height: 20, fontSize: 10, color: '#fff' }}
          />
          <Typography variant="body2">{t('liveMap:legend.cluster')}</Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
