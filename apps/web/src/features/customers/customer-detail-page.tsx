import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { ALL_TENANTS_ID } from '@homeward/contracts';
import { useAppState } from '../../app/state/app-store';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { contactPeopleResource } from '../contact-people/contact-people-resource';
import { CustomerOrdersTab } from '../orders/customer-orders-tab';
import { CustomerInformationTab } from './customer-information-tab';
import { CustomerPricingTab } from './customer-pricing-tab';
import { useCustomer } from './get-customers';

const TABS = ['information', 'contacts', 'pricing', 'orders'] as const;
type CustomerTab = (typeof TABS)[number];

/** customers/:id: the customer's tabs Information, Contacts and Pricing (spec §2), and its Orders. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const [tab, setTab] = useState<CustomerTab>('information');
  // A host looking at All tenants reads every customer but changes none (the server refuses writes).
  const readOnly = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const contacts = useMemo(() => contactPeopleResource(id, readOnly), [id, readOnly]);

  return (
    <Box>
      <Button component={RouterLink} to="/customers" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('customers:backToList')}
      </Button>
      {customer.isPending && <CircularProgress aria-label={t('identity:crud.loading')} />}
      {customer.isError && (
        <Alert severity="error" data-testid="customer-not-found">
          {t('customers:notFound')}
        </Alert>
      )}
      {customer.data && (
        <>
          <Typography variant="h5" component="h1" data-testid="screen-title" sx={{ mb: 1 }}>
            {customer.data.name}
          </Typography>
          <Tabs value={tab} onChange={(_event, next: CustomerTab) => setTab(next)} sx={{ mb: 2 }}>
            {TABS.map((name) => (
              <Tab
                key={name}
                value={name}
                label={t(name === 'orders' ? 'orders:tab' : `customers:tabs.${name}`)}
                data-testid={`customer-tab-${name}`}
              />
            ))}
          </Tabs>
          {tab === 'information' && <CustomerInformationTab customer={customer.data} readOnly={readOnly} />}
          {tab === 'contacts' && <CrudListPage resource={contacts} />}
          {tab === 'pricing' && <CustomerPricingTab customerId={customer.data.id} readOnly={readOnly} />}
          {tab === 'orders' && (
            <CustomerOrdersTab
              customerId={customer.data.id}
              customerName={customer.data.name}
              organizations={customer.data.linkedOrganizations ?? []}
              readOnly={readOnly}
            />
          )}
        </>
      )}
    </Box>
  );
}
