import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { ScreenTitle } from '../../components/screen-title';

export function ContactPage() {
  const { t } = useTranslation(['legal', 'translation']);
  const { settings } = useAppConfiguration();
  const channels = [
    {
      key: 'email',
      icon: <EmailIcon color="secondary" />,
      label: t('legal:contact.email'),
      value: settings.supportEmail,
      href: `mailto:${settings.supportEmail}`,
    },
    {
      key: 'phone',
      icon: <PhoneIcon color="secondary" />,
      label: t('legal:contact.phone'),
      value: settings.supportPhone,
      href: `tel:${settings.supportPhone.replace(/\s+/g, '')}`,
    },
  ];
  return (
    <>
      <ScreenTitle>{t('translation:routes.contact')}</ScreenTitle>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 640 }}>
        {t('legal:contact.intro', { company: settings.companyName })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {channels.map((channel) => (
          <Card key={channel.key} variant="outlined" sx={{ minWidth: 260 }}>
            <CardActionArea component="a" href={channel.href} data-testid={`contact-${channel.key}`}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                {channel.icon}
                <div>
                  <Typography variant="body2" color="text.secondary">
                    {channel.label}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{channel.value}</Typography>
                </div>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    </>
  );
}
