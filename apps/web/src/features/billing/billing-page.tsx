import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permissions';
import { ScreenTitle } from '../../components/screen-title';
import { BillingDetailsSection } from './billing-details-section';
import { CardsSection } from './cards-section';
import { InvoiceHistorySection } from './invoice-history-section';
import { SubscriptionsSection } from './subscriptions-section';

/**
 * `/subscription/billing`: a household owner's subscriptions (one per watch), cards, billing
 * details and invoices (issue 18). The route needs `Homeward.Billing`, which only the owner holds;
 * the invoices need `Homeward.Invoices` besides. `now` is the clock the card form checks expiry
 * dates against (tests fix it).
 */
export function BillingPage({ now }: { now?: () => Date } = {}) {
  const { t } = useTranslation();
  const canSeeInvoices = usePermission('Homeward.Invoices');
  return (
    <>
      <ScreenTitle>{t('routes.billing')}</ScreenTitle>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('billingAccount:intro')}
      </Typography>
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <SubscriptionsSection />
        <CardsSection now={now} />
        <BillingDetailsSection />
        {canSeeInvoices && <InvoiceHistorySection />}
      </Stack>
    </>
  );
}
