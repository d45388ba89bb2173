import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountTransferState, AppConfiguration } from '@homeward/contracts';
import { SignInStateContext, type SignInState } from '../../app/auth/sign-in-state';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import type * as Fixture from '../../test/app-configuration-fixture';
import AccountTransferPage from './account-transfer-page';
import { DeleteAccountCard } from './delete-account-card';
import { TransferAccountCard } from './transfer-account-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OWNER = '10000000-0000-4000-8000-000000000001';
const MEMBER = '10000000-0000-4000-8000-000000000002';
const STATE = '/api/account/transfer-user';

/** The harness renders with the fixture's configuration; here it carries the signed-in user. */
const signedIn = vi.hoisted(() => ({ as: null as Pick<AppConfiguration, 'currentUser'> | null }));
vi.mock('../../test/app-configuration-fixture', async (importOriginal) => {
  const fixture = await importOriginal<typeof Fixture>();
  return {
    testAppConfiguration: (...args: Parameters<typeof fixture.testAppConfiguration>) => ({
      ...fixture.testAppConfiguration(...args),
      ...signedIn.as,
    }),
  };
});

function signInAs(id: string) {
  signedIn.as = {
    currentUser: {
      id,
      userName: id === OWNER ? 'hanne' : 'per',
      name: id === OWNER ? 'Hanne Hansen' : 'Per Hansen',
      email: id === OWNER ? 'hanne@example.com' : 'per@example.com',
      roles: [id === OWNER ? 'Plug and Play Admin' : 'Plug and Play User'],
      tenantId: '20000000-0000-4000-8000-000000000001',
    },
  };
}

const hanne = { id: OWNER, name: 'Hanne Hansen', email: 'hanne@example.com' };
const per = { id: MEMBER, name: 'Per Hansen', email: 'per@example.com' };
const pending = (forMe: boolean): AccountTransferState['pending'] => ({
  from: hanne,
  to: per,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  forMe,
});
const error = (status: number, code: string, message: string, field?: string) =>
  Response.json(
    { error: { code, message, ...(field ? { validationErrors: [{ field, message }] } : {}) } },
    { status },
  );

const render = (ui: React.ReactNode, language = 'en') =>
  renderWithApp(<MemoryRouter>{ui}</MemoryRouter>, { language, isPlugAndPlay: true });

describe('TransferAccountCard', { timeout: 20_000 }, () => {
  it('lets the owner choose a member and send the request, then shows it pending with cancel', async () => {
    signInAs(OWNER);
    let state: AccountTransferState = { isOwner: true, candidates: [per], pending: null };
    const calls = stubApi((call) => {
      if (call.path === STATE && call.method === 'GET') return Response.json(state);
      if (call.path === `${STATE}/${MEMBER}` && call.method === 'POST') {
        state = { ...state, pending: pending(false) };
        return new Response(null, { status: 204 });
      }
      if (call.path === STATE && call.method === 'DELETE') {
        state = { ...state, pending: null };
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    await render(<TransferAccountCard />);
    const card = await screen.findByTestId('account-transfer');
    // Nothing chosen: a field error, no call.
    fireEvent.click(await within(card).findByTestId('account-transfer-send'));
    expect(await within(card).findByText('New owner is required')).toBeTruthy();

    fireEvent.mouseDown(within(card).getByRole('combobox', { name: /New owner/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Per Hansen (per@example.com)' }));
    fireEvent.click(within(card).getByTestId('account-transfer-send'));
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'The transfer request was sent to Per Hansen.',
    );
    expect((await screen.findByTestId('account-transfer-pending')).textContent).toContain(
      'Waiting for Per Hansen (per@example.com) to accept.',
    );
    fireEvent.click(screen.getByTestId('account-transfer-cancel'));
    await waitFor(() => expect(screen.queryByTestId('account-transfer-pending')).toBeNull());
    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual([`POST ${STATE}/${MEMBER}`, `DELETE ${STATE}`]);
  });

  it('says when no member can take over yet, in Danish too', async () => {
    signInAs(OWNER);
    stubApi((call) =>
      call.path === STATE ? Response.json({ isOwner: true, candidates: [], pending: null }) : undefined,
    );
    await render(<TransferAccountCard />, 'da');
    expect((await screen.findByTestId('account-transfer-no-members')).textContent).toContain(
      'Intet medlem kan overtage endnu',
    );
    expect(screen.getByRole('heading', { name: 'Overdrag konto' })).toBeTruthy();
  });

  it('shows the receiver the transfer meant for them, with a failure toast when declining fails', async () => {
    signInAs(MEMBER);
    stubApi((call) => {
      if (call.path === STATE && call.method === 'GET')
        return Response.json({ isOwner: false, candidates: [], pending: pending(true) });
      if (call.method === 'DELETE') return error(404, 'not_found', 'Not found');
      return undefined;
    });
    await render(<TransferAccountCard />);
    expect((await screen.findByTestId('account-transfer-pending')).textContent).toContain(
      'Hanne Hansen wants to hand the household over to you.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect((await screen.findByTestId('notification')).textContent).toContain('could not be cancelled');
  });

  it('is not shown to a member without a pending transfer', async () => {
    signInAs(MEMBER);
    stubApi((call) =>
      call.path === STATE ? Response.json({ isOwner: false, candidates: [], pending: null }) : undefined,
    );
    await render(<TransferAccountCard />);
    await waitFor(() => expect(screen.queryByTestId('account-transfer')).toBeNull());
  });
});

/** A signed-in state whose sign-out is recorded (the provider's redirect is not part of this test). */
function signInState() {
  const signoutRedirect = vi.fn(async () => undefined);
  const state = {
    isLoading: false,
    settings: { post_logout_redirect_uri: 'http://localhost/' },
    user: { id_token: 'id-token' },
    signinRedirect: vi.fn(),
    signoutRedirect,
    revokeTokens: vi.fn(async () => undefined),
  } as unknown as SignInState;
  return { state, signoutRedirect };
}

describe('DeleteAccountCard', { timeout: 20_000 }, () => {
  it('asks for the password in a dialog, shows the server’s reason, and deletes with a toast', async () => {
    signInAs(MEMBER);
    const calls = stubApi((call) => {
      if (call.path === STATE) return Response.json({ isOwner: false, candidates: [], pending: null });
      if (call.path === '/api/account/delete-user') {
        return call.body && (call.body as { password: string }).password === 'Right-Password1!'
          ? new Response(null, { status: 204 })
          : error(400, 'validation_failed', 'profile:deletion.errors.wrongPassword', 'password');
      }
      return undefined;
    });
    const auth = signInState();
    await render(
      <SignInStateContext.Provider value={auth.state}>
        <DeleteAccountCard />
      </SignInStateContext.Provider>,
    );
    fireEvent.click(await screen.findByTestId('account-delete-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByTestId('account-delete-confirm'));
    expect(await within(dialog).findByText('Password is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'Wrong-Password1!' } });
    fireEvent.click(within(dialog).getByTestId('account-delete-confirm'));
    expect(await within(dialog).findByText('The password is wrong.')).toBeTruthy();
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Your account could not be deleted',
    );

    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'Right-Password1!' } });
    fireEvent.click(within(dialog).getByTestId('account-delete-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('notification').textContent).toContain('Your account was deleted.'),
    );
    expect(calls.filter((call) => call.path === '/api/account/delete-user')).toHaveLength(2);
    // Then signed out, back to the home page.
    await waitFor(() => expect(auth.signoutRedirect).toHaveBeenCalledTimes(1));
  });

  it('warns the owner that the household goes with the account, and tells why it was refused', async () => {
    signInAs(OWNER);
    stubApi((call) => {
      if (call.path === STATE) return Response.json({ isOwner: true, candidates: [per], pending: null });
      if (call.path === '/api/account/delete-user')
        return error(409, 'conflict', 'profile:deletion.errors.ownerHasMembers');
      return undefined;
    });
    await render(
      <SignInStateContext.Provider value={signInState().state}>
        <DeleteAccountCard />
      </SignInStateContext.Provider>,
    );
    expect((await screen.findByTestId('account-delete-owner')).textContent).toContain(
      'deleting your account deletes the household too',
    );
    fireEvent.click(screen.getByTestId('account-delete-open'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'Right-Password1!' } });
    fireEvent.click(within(dialog).getByTestId('account-delete-confirm'));
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Transfer the account or remove them first.',
    );
  });
});

describe('AccountTransferPage', { timeout: 20_000 }, () => {
  const renderPage = (path: string) =>
    renderWithApp(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/account/transfer/:fromUserId/:toUserId" element={<AccountTransferPage />} />
          <Route path="/account" element={<p>account page</p>} />
        </Routes>
      </MemoryRouter>,
      { isPlugAndPlay: true },
    );

  it('lets the receiver accept with the link’s two ids and token', async () => {
    signInAs(MEMBER);
    const calls = stubApi((call) => {
      if (call.path === STATE && call.method === 'GET')
        return Response.json({ isOwner: false, candidates: [], pending: pending(true) });
      if (call.method === 'POST') return new Response(null, { status: 204 });
      return undefined;
    });
    await renderPage(`/account/transfer/${OWNER}/${MEMBER}?token=secret-token`);
    expect(await screen.findByText(/Hanne Hansen wants to hand the household over to you/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('account-transfer-accept'));
    expect(await screen.findByText('account page')).toBeTruthy();
    expect(screen.getByTestId('notification').textContent).toContain('You are now the owner');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `${STATE}/${OWNER}/${MEMBER}`,
      body: { token: 'secret-token' },
    });
  });

  it('tells someone signed in as another person that the link is not theirs', async () => {
    signInAs(OWNER);
    const calls = stubApi(() => undefined);
    await renderPage(`/account/transfer/${OWNER}/${MEMBER}?token=secret-token`);
    expect((await screen.findByTestId('account-transfer-wrong-user')).textContent).toContain(
      'This link is for another account.',
    );
    expect(screen.queryByTestId('account-transfer-accept')).toBeNull();
    expect(calls.filter((call) => call.path.startsWith(STATE))).toEqual([]);
  });
});
