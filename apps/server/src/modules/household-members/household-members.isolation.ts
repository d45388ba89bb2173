import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { addTestCard } from '../billing/billing-test-support';

/**
 * A household's invitations and members (invite-user, resend, delete-invited-user). Households only:
 * an organization's tenant has no members' screen (its endpoints answer 403 there), so this case
 * runs in the household suites (integration/tenancy/household-isolation.test.ts).
 */
export const householdMembersIsolationCase: IsolationCase = {
  name: 'household members',
  tables: ['invitations'],
  permissions: [
    'Homeward.HouseholdMembers',
    'Homeward.HouseholdMembers.Invite',
    'Homeward.Billing',
    'Homeward.Billing.ManageCards',
  ],
  async seed({ a }) {
    // Inviting needs a default card (billing rule, spec §4).
    await addTestCard((request) => a.request(request));
    const email = `invited-${randomBytes(6).toString('hex')}@example.dk`;
    const response = await a.request({ method: 'POST', url: '/api/account/invite-user', payload: { email } });
    if (response.statusCode !== 201) throw new Error(`seed: invitation refused: ${response.body}`);
    return { id: response.json<{ id: string }>().id, searchText: email };
  },
  list: '/api/account/household-members',
  // The owner's resend (a new link) and delete, aimed at the other household's invitation.
  update: (row) => ({ method: 'POST', url: `/api/account/invitations/${row.id}/resend` }),
  remove: (id) => ({ method: 'DELETE', url: `/api/account/delete-invited-user/${id}` }),
};
