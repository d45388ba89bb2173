import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../components/screen-title';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { AccountAvatarCard } from './account-avatar-card';
import { AccountProfileCard } from './account-profile-card';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { TransferAccountCard } from './transfer-account-card';
import { EmailChangeConfirmation } from './email-change-confirmation';
import { useMyProfile } from './api/get-my-profile';
import { MySecurityLogSection } from './my-security-log-section';
import { PushDevicesCard } from '../push/push-devices-card';

/**
 * /account: the signed-in user's profile (details, picture, password) and their own sign-in
 * activity; for a household's people also transferring (its owner) and deleting the account.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const { currentUser, isPlugAndPlay } = useAppConfiguration();
  const profile = useMyProfile(Boolean(currentUser));
  return (
    <>
      <ScreenTitle>{t('routes.account')}</ScreenTitle>
      {currentUser && <EmailChangeConfirmation />}
      <AccountProfileCard />
      {currentUser && (
        <>
          <AccountAvatarCard profile={profile.data} />
          <ChangePasswordCard />
          <PushDevicesCard />
          {isPlugAndPlay && (
            <>
              <TransferAccountCard />
              <DeleteAccountCard />
            </>
          )}
        </>
      )}
      <MySecurityLogSection />
    </>
  );
}
