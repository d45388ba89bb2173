import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { ScreenTitle } from '../../components/screen-title';

/** Company details, all from configuration so each deployment shows its own. */
export function ImprintPage() {
  const { t } = useTranslation(['legal', 'translation']);
  const { settings } = useAppConfiguration();
  const rows = [
    { key: 'company', label: t('legal:imprint.company'), value: settings.companyName },
    { key: 'address', label: t('legal:imprint.address'), value: settings.companyAddress },
    { key: 'cvr', label: t('legal:imprint.cvr'), value: settings.companyCvr },
    {
      key: 'email',
      label: t('legal:imprint.email'),
      value: <Link href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</Link>,
    },
    {
      key: 'phone',
      label: t('legal:imprint.phone'),
      value: <Link href={`tel:${settings.supportPhone.replace(/\s+/g, '')}`}>{settings.supportPhone}</Link>,
    },
  ];
  return (
    <>
      <ScreenTitle>{t('translation:routes.imprint')}</ScreenTitle>
      <Paper variant="outlined" sx={{ maxWidth: 640 }}>
        <Table data-testid="imprint-details" aria-label={t('translation:routes.imprint')}>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} data-testid={`imprint-${row.key}`}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '35%' }}>
                  {row.label}
                </TableCell>
                <TableCell>{row.value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
