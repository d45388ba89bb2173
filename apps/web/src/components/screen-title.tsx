import Typography from '@mui/material/Typography';

/** The one heading of a screen; tests find it by `screen-title`. */
export function ScreenTitle({ children }: { children: string }) {
  return (
    <Typography data-testid="screen-title" variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
      {children}
    </Typography>
  );
}
