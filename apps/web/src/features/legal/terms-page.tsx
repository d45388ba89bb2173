import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { ScreenTitle } from '../../components/screen-title';

const SECTIONS = [
  'service',
  'account',
  'devices',
  'subscription',
  'privacy',
  'liability',
  'contact',
] as const;

/** A deployment with its own terms links to them; otherwise the product's standard terms are shown. */
export function TermsPage() {
  const { t } = useTranslation(['legal', 'translation']);
  const { settings } = useAppConfiguration();
  return (
    <Box sx={{ maxWidth: 760 }}>
      <ScreenTitle>{t('translation:routes.terms')}</ScreenTitle>
      {settings.termsUrl ? (
        <>
          <Typography sx={{ mb: 2 }}>{t('legal:terms.external')}</Typography>
          <Button
            data-testid="terms-link"
            variant="contained"
            href={settings.termsUrl}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
          >
            {t('legal:terms.open')}
          </Button>
        </>
      ) : (
        <Box data-testid="terms-text">
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('legal:terms.intro', { company: settings.companyName })}
          </Typography>
          {SECTIONS.map((section, index) => (
            <Box key={section} component="section" sx={{ mb: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {`${index + 1}. ${t(`legal:terms.sections.${section}.title`)}`}
              </Typography>
              <Typography>
                {t(`legal:terms.sections.${section}.body`, {
                  company: settings.companyName,
                  email: settings.supportEmail,
                })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
