import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../components/screen-title';
import { initialReportChoice, ReportDownloadForm } from './report-download-form';
import { ReportSchedulesSection } from './report-schedules-section';

/** `/reports` (spec §7 data reports): download a report, and manage its monthly e-mails. */
export function ReportsPage() {
  const { t } = useTranslation();
  // The scheduled e-mail links here with the report and last month chosen.
  const [initial] = useState(() => initialReportChoice(window.location.search));
  return (
    <>
      <ScreenTitle>{t('reports:title')}</ScreenTitle>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('reports:intro')}
      </Typography>
      <ReportDownloadForm initial={initial} />
      <ReportSchedulesSection />
    </>
  );
}
