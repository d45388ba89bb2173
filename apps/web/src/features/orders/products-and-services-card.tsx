import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@homeward/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductsAndServices } from './get-products-and-services';

function Group({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          {t('orders:none')}
        </Typography>
      ) : (
        <List dense aria-label={title}>
          {children}
        </List>
      )}
    </>
  );
}

/** What the customer has: its watches per model, the accessories ordered, and its agreed services. */
export function ProductsAndServicesCard({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const data = useProductsAndServices(customerId);
  return (
    <Card variant="outlined" component="section" aria-labelledby="products-and-services-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="products-and-services-title">
          {t('orders:productsAndServices')}
        </Typography>
        {data.isPending ? (
          <CircularProgress aria-label={t('orders:loading')} />
        ) : data.isError ? (
          <Alert severity="error">{t('orders:loadFailed')}</Alert>
        ) : (
          <>
            <Group title={t('orders:watches')} empty={data.data.watches.length === 0}>
              {data.data.watches.map((row) => (
                <ListItem key={row.productId ?? 'none'} disableGutters>
                  <ListItemText
                    primary={row.productName ?? t('orders:noModel')}
                    secondary={t('orders:watchCount', { count: row.count })}
                  />
                </ListItem>
              ))}
            </Group>
            <Group title={t('orders:accessories')} empty={data.data.accessories.length === 0}>
              {data.data.accessories.map((row) => (
                <ListItem key={row.productId ?? row.productName} disableGutters>
                  <ListItemText
                    primary={row.productName}
                    secondary={t('orders:pieces', { count: row.quantity })}
                  />
                </ListItem>
              ))}
            </Group>
            <Group title={t('orders:services')} empty={data.data.services.length === 0}>
              {data.data.services.map((row) => (
                <ListItem key={row.productId} disableGutters>
                  <ListItemText
                    primary={`${row.productName} (${t(`products:kinds.${row.kind}`)})`}
                    secondary={formatMoney(row.netPriceMinor, row.currency, i18n.language)}
                  />
                </ListItem>
              ))}
            </Group>
          </>
        )}
      </CardContent>
    </Card>
  );
}
