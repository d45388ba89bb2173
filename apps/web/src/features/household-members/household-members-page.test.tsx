import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HouseholdMembersResponse } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { HouseholdMembersPage } from './household-members-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = '/api/account/household-members';
const OWNER = {
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Dorthe Hansen',
  email: 'dorthe@example.dk',
};
const INVITATION_ID = '30000000-0000-4000-8000-000000000001';

function household(patch: Partial<HouseholdMembersResponse> = {}): HouseholdMembersResponse {
  return {
    members: [
      { ...OWNER, role: 'owner', invitedBy: null, isCurrentUser: true, receivesAlarms: true },
      {
        id: '10000000-0000-4000-8000-000000000002',
        name: 'Bo Hansen',
        email: 'bo@example.dk',
        role: 'member',
        invitedBy: OWNER,
        isCurrentUser: false,
        receivesAlarms: false,
      },
    ],
    invitations: [
      {
        id: INVITATION_ID,
        email: 'carl@example.dk',
        sentAt: '2026-11-20T10:00:00.000Z',
        expiresAt: '2026-11-27T10:00:00.000Z',
        expired: false,
        invitedBy: OWNER,
        receivesAlarms: true,
      },
    ],
    ...patch,
  };
}

const OWNER_PERMISSIONS = [
  'Homeward.HouseholdMembers',
  'Homeward.HouseholdMembers.Invite',
  'Homeward.Citizens',
  'Homeward.Citizens.ManageAlarmReceivers',
];

function render(permissions = OWNER_PERMISSIONS, language = 'en') {
  return renderWithApp(<HouseholdMembersPage />, { permissions, language });
}

describe('HouseholdMembersPage', { timeout: 20_000 }, () => {
  it('lists the owner and members with who invited them, and the open invitations', async () => {
    stubApi((call) => (call.path === LIST ? Response.json(household()) : undefined));
    await render();
    const members = await screen.findAllByTestId('household-member');
    expect(members).toHaveLength(2);
    expect(members[0]!.textContent).toContain('Dorthe Hansen');
    expect(members[0]!.textContent).toContain('Owner');
    expect(members[0]!.textContent).toContain('You');
    expect(members[1]!.textContent).toContain('Member');
    expect(within(members[1]!).getByTestId('household-member-invited-by').textContent).toBe(
      'Invited by Dorthe Hansen',
    );
    const [invitation] = screen.getAllByTestId('household-invitation');
    expect(invitation!.textContent).toContain('carl@example.dk');
    expect(invitation!.textContent).toContain('Expires');
    expect(invitation!.textContent).toContain('Will receive alarms');
    expect(screen.getByRole('button', { name: 'Resend the invitation to carl@example.dk' })).toBeTruthy();
  });

  it('shows the empty state without invitations, in Danish', async () => {
    stubApi((call) => (call.path === LIST ? Response.json(household({ invitations: [] })) : undefined));
    await render(OWNER_PERMISSIONS, 'da');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Ingen åbne invitationer');
    expect(screen.getByTestId('invite-member').textContent).toBe('Inviter');
  });

  it('gives a member (no invite permission) the list without invite, resend or delete', async () => {
    stubApi((call) => {
      if (call.path === LIST) return Response.json(household());
      if (call.path === '/api/account/invited-by-user') return Response.json({ invitedBy: OWNER });
      return undefined;
    });
    await render(['Homeward.HouseholdMembers']);
    expect((await screen.findByTestId('household-invited-by')).textContent).toBe(
      'You were invited by Dorthe Hansen (dorthe@example.dk).',
    );
    await screen.findAllByTestId('household-invitation');
    expect(screen.queryByTestId('invite-member')).toBeNull();
    expect(screen.queryByTestId('invitation-resend')).toBeNull();
    expect(screen.queryByTestId('invitation-delete')).toBeNull();
    // Who receives the alarms is shown, not switchable.
    expect(screen.queryByTestId('household-member-receives-alarms')).toBeNull();
    expect(screen.getAllByTestId('household-member')[0]!.textContent).toContain('Receives alarms');
  });

  it('switches whether a member receives the alarms, with a toast', async () => {
    const calls = stubApi((call) => {
      if (call.path === LIST) return Response.json(household());
      if (call.path.endsWith('/receives-alarms')) return new Response(null, { status: 204 });
      return undefined;
    });
    await render();
    const switches = (await screen.findAllByTestId('household-member-receives-alarms')) as HTMLInputElement[];
    expect(switches.map((each) => each.checked)).toEqual([true, false]);
    expect(screen.getByRole('switch', { name: 'Bo Hansen receives alarms by e-mail and SMS' })).toBe(
      switches[1],
    );
    fireEvent.click(switches[1]!);
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Bo Hansen receives the alarms',
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(put).toEqual({
      method: 'PUT',
      path: '/api/account/household-members/10000000-0000-4000-8000-000000000002/receives-alarms',
      body: { receivesAlarms: true },
    });
  });

  it('invites by e-mail with a success toast, and puts the server field error on the field', async () => {
    let answer = 0;
    const calls = stubApi((call) => {
      if (call.path === LIST) return Response.json(household());
      if (call.path === '/api/account/invite-user') {
        answer += 1;
        return answer === 1
          ? Response.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Invalid',
                  validationErrors: [{ field: 'email', message: 'householdMembers:errors.alreadyMember' }],
                },
              },
              { status: 400 },
            )
          : Response.json({ id: 'new' }, { status: 201 });
      }
      return undefined;
    });
    await render();
    fireEvent.click(await screen.findByTestId('invite-member'));
    const email = (await screen.findByTestId('invite-member-email')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByTestId('invite-member-submit'));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((call) => call.path === '/api/account/invite-user')).toBe(false);

    fireEvent.change(email, { target: { value: 'bo@example.dk' } });
    fireEvent.click(screen.getByTestId('invite-member-submit'));
    expect(await screen.findByText('This person is already a member of the household')).toBeTruthy();

    fireEvent.change(email, { target: { value: 'eva@example.dk' } });
    fireEvent.click(screen.getByTestId('invite-member-submit'));
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Invitation sent to eva@example.dk',
    );
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      email: 'eva@example.dk',
      receivesAlarms: true,
    });
  });

  it('resends with a toast, and tells why when it is too soon', async () => {
    let answer = 0;
    stubApi((call) => {
      if (call.path === LIST) return Response.json(household());
      if (call.path === `/api/account/invitations/${INVITATION_ID}/resend`) {
        answer += 1;
        return answer === 1
          ? new Response(null, { status: 204 })
          : Response.json(
              { error: { code: 'rate_limited', message: 'householdMembers:errors.resendTooSoon' } },
              { status: 429 },
            );
      }
      return undefined;
    });
    await render();
    fireEvent.click(await screen.findByTestId('invitation-resend'));
    expect((await screen.findByTestId('notification')).textContent).toContain('Invitation sent again');
    fireEvent.click(screen.getByTestId('invitation-resend'));
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('notification')
          .map((each) => each.textContent)
          .join(' '),
      ).toContain('Wait a minute'),
    );
  });

  it('deletes an invitation after confirming', async () => {
    const calls = stubApi((call) => {
      if (call.path === LIST) return Response.json(household());
      if (call.path === `/api/account/delete-invited-user/${INVITATION_ID}`)
        return new Response(null, { status: 204 });
      return undefined;
    });
    await render();
    fireEvent.click(await screen.findByTestId('invitation-delete'));
    expect((await screen.findByTestId('confirm-delete-warning')).textContent).toContain('carl@example.dk');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect((await screen.findByTestId('notification')).textContent).toContain('Invitation deleted');
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/account/delete-invited-user/${INVITATION_ID}`,
    );
  });

  it('offers to try again when the list cannot be loaded', async () => {
    stubApi(() => Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }));
    await render();
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});
