import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BILLING_ERROR_KEYS } from './billing-error-text';

/**
 * One part of the billing screen: a landmark named by its heading, with an optional action (e.g.
 * "Add card") beside the heading that drops below it on a phone.
 */
export function BillingSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography variant="h6" component="h2" id={`${id}-title`}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** A section whose data is on its way. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** The spec's "Loading subscription information failed", with a retry. */
export function SectionLoadingFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      data-testid="billing-loading-failed"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('translation:errors.tryAgain')}
        </Button>
      }
    >
      {t(BILLING_ERROR_KEYS.loadingFailed)}
    </Alert>
  );
}
