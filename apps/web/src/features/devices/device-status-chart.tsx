import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';
import { useDeviceSummary } from './get-device-summary';

/** The dashboard's active/inactive chart (MUI X Charts), with loading, empty and failed states. */
export function DeviceStatusChart() {
  const { t } = useTranslation();
  const summary = useDeviceSummary();
  const data = summary.data;
  return (
    <Card variant="outlined" data-testid="device-status-chart">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('devices:chart.title')}
        </Typography>
        {summary.isPending ? (
          <Skeleton variant="circular" width={160} height={160} />
        ) : summary.isError || !data ? (
          <Alert severity="error">{t('devices:chart.loadFailed')}</Alert>
        ) : data.active + data.inactive === 0 ? (
          <Typography color="text.secondary">{t('devices:chart.empty')}</Typography>
        ) : (
          <>
            <PieChart
              height={200}
              series={[
                {
                  innerRadius: 50,
                  data: [
                    { id: 'active', value: data.active, label: t('devices:chart.active'), color: '#2e7d32' },
                    {
                      id: 'inactive',
                      value: data.inactive,
                      label: t('devices:chart.inactive'),
                      color: '#9e9e9e',
                    },
                  ],
                },
              ]}
            />
            <Typography variant="body2" data-testid="device-chart-counts">
              {t('devices:chart.active')}: <span data-testid="device-chart-active">{data.active}</span> ·{' '}
              {t('devices:chart.inactive')}: <span data-testid="device-chart-inactive">{data.inactive}</span>
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
