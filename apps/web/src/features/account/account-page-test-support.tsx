import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AppConfiguration, MyProfile } from '@homeward/contracts';
import { renderWithApp } from '../../components/crud/crud-test-harness';
import AccountPage from './account-page';

/** The sign-in activity below the forms loads too; it answers with nothing here. */
export const MY_LOGS = '/api/account/my-security-logs';
export const MY_PROFILE = '/api/account/my-profile';

export type SignedInUser = Pick<AppConfiguration, 'currentUser' | 'currentTenant'>;

export const tenantUser: SignedInUser = {
  currentUser: {
    id: '10000000-0000-4000-8000-000000000001',
    userName: 'anna',
    name: 'Anna Jensen',
    email: 'anna@example.com',
    roles: ['admin', 'carer'],
    tenantId: '20000000-0000-4000-8000-000000000001',
  },
  currentTenant: { id: '20000000-0000-4000-8000-000000000001', name: 'Sunshine Care' },
};

/**
 * Renders the account page as `user`. `signedIn` is the test file's hoisted holder that its
 * `vi.mock` of the app configuration fixture reads (the mock must stay in the test file).
 */
export const accountPageRenderer =
  (signedIn: { as: SignedInUser | null }) =>
  (user = tenantUser, language = 'en', path = '/account') => {
    signedIn.as = user;
    return renderWithApp(
      <MemoryRouter initialEntries={[path]}>
        <AccountPage />
      </MemoryRouter>,
      { language },
    );
  };

export function myProfile(patch: Partial<MyProfile> = {}): MyProfile {
  return {
    id: tenantUser.currentUser!.id,
    userName: 'anna',
    name: 'Anna Jensen',
    email: 'anna@example.com',
    phoneNumber: null,
    pendingEmail: null,
    avatarUrl: null,
    ...patch,
  };
}

/** Answers the security log with nothing and the profile with `profile`. */
export const accountApi =
  (profile: MyProfile = myProfile()) =>
  (call: { path: string; method: string }) => {
    if (call.path.startsWith(MY_LOGS)) return Response.json({ items: [], totalCount: 0 });
    if (call.path === MY_PROFILE) return Response.json(profile);
    return undefined;
  };

export const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
