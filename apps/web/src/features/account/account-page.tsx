import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../components/screen-title';
import { AccountProfileCard } from './account-profile-card';
import { MySecurityLogSection } from './my-security-log-section';

/**
 * /account: the signed-in user's profile and their own sign-in activity. Profile editing, avatar,
 * password change, deletion and transfer arrive with the self-service account issue.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenTitle>{t('routes.account')}</ScreenTitle>
      <AccountProfileCard />
      <MySecurityLogSection />
    </>
  );
}
