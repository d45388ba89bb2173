import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a screen's chunk loads. */
export function PageLoading() {
  return (
    <Box data-testid="page-loading" sx={{ display: 'grid', placeContent: 'center', py: 8 }}>
      <CircularProgress color="secondary" />
    </Box>
  );
}
