import { useLoadedConfiguration } from '../../app/configuration/get-app-configuration';
import { PendingScreenPage } from '../pending-screen/pending-screen-page';
import { HouseholdMembersPage } from './household-members-page';

/**
 * `/users`: for a plug-and-play user (a household's owner or member) the household's members; the
 * branded product's users screen is not built yet (its identity users are at
 * /identity-management/users), so staff keep the pending screen.
 */
export function UsersPage() {
  const isPlugAndPlay = useLoadedConfiguration()?.isPlugAndPlay ?? false;
  return isPlugAndPlay ? <HouseholdMembersPage /> : <PendingScreenPage titleKey="routes.users" />;
}
