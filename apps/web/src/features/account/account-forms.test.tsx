import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/crud/crud-test-harness';
import type * as Fixture from '../../test/app-configuration-fixture';
import {
  accountApi,
  accountPageRenderer,
  input,
  myProfile,
  tenantUser,
  type SignedInUser,
} from './account-page-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The harness renders with the fixture's configuration; here it carries the signed-in user. */
const signedIn = vi.hoisted(() => ({ as: null as SignedInUser | null }));
vi.mock('../../test/app-configuration-fixture', async (importOriginal) => {
  const fixture = await importOriginal<typeof Fixture>();
  return {
    testAppConfiguration: (...args: Parameters<typeof fixture.testAppConfiguration>) => ({
      ...fixture.testAppConfiguration(...args),
      ...signedIn.as,
    }),
  };
});

const renderAccountPage = accountPageRenderer(signedIn);

describe('AccountPage forms', { timeout: 20_000 }, () => {
  it('saves the profile with a toast, and shows a new e-mail address as pending', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/account/update-profile')
        return Response.json(myProfile({ name: 'Anna J', pendingEmail: 'new@example.com' }));
      return accountApi()(call);
    });
    await renderAccountPage();
    await screen.findByTestId('account-profile-form');
    fireEvent.change(input('account-profile-name-input'), { target: { value: 'Anna J' } });
    fireEvent.change(input('account-profile-email-input'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByTestId('account-profile-save'));
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Open the link we sent to new@example.com',
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Anna J',
      email: 'new@example.com',
      phoneNumber: '',
    });
    expect((await screen.findByTestId('account-profile-email-help')).textContent).toBe(
      'Pending: new@example.com',
    );
  });

  it('puts field errors on their fields, from the form and from the server, with a failure toast', async () => {
    stubApi((call) => {
      if (call.path === '/api/account/update-profile')
        return Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid',
              validationErrors: [{ field: 'email', message: 'profile:errors.emailTaken' }],
            },
          },
          { status: 400 },
        );
      return accountApi()(call);
    });
    await renderAccountPage();
    await screen.findByTestId('account-profile-form');
    fireEvent.change(input('account-profile-phoneNumber-input'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByTestId('account-profile-save'));
    expect((await screen.findByTestId('account-profile-phoneNumber-help')).textContent).toMatch(/digits/i);

    fireEvent.change(input('account-profile-phoneNumber-input'), { target: { value: '12' } });
    fireEvent.change(input('account-profile-email-input'), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByTestId('account-profile-save'));
    expect((await screen.findByTestId('notification')).textContent).toContain('could not be saved');
    expect(screen.getByTestId('account-profile-email-help').textContent).toBe(
      'This e-mail address is already in use.',
    );
  });

  it("tells why a picture was refused, with the server's MB message", async () => {
    stubApi((call) => {
      if (call.path === '/api/account/avatar')
        return Response.json(
          {
            error: {
              code: 'payload_too_large',
              message: 'Too large',
              validationErrors: [
                { field: 'file', message: 'profile:errors.avatarTooLarge', params: { count: 2 } },
              ],
            },
          },
          { status: 413 },
        );
      return accountApi()(call);
    });
    await renderAccountPage();
    await screen.findByTestId('account-profile-form');
    const file = new File(['x'.repeat(10)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('account-avatar-file'), { target: { files: [file] } });
    expect((await screen.findByTestId('account-avatar-error')).textContent).toBe(
      'The avatar image can be at most 2 MB.',
    );
    expect(screen.getByTestId('notification').textContent).toContain('could not be saved');
    expect((screen.getByTestId('account-avatar-remove') as HTMLButtonElement).disabled).toBe(true);
  });

  it('changes the password: a wrong current password lands on its field, then a toast on success', async () => {
    let attempts = 0;
    const calls = stubApi((call) => {
      if (call.path === '/api/account/change-password') {
        attempts += 1;
        return attempts === 1
          ? Response.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Invalid',
                  validationErrors: [
                    { field: 'currentPassword', message: 'profile:errors.wrongCurrentPassword' },
                  ],
                },
              },
              { status: 400 },
            )
          : new Response(null, { status: 204 });
      }
      return accountApi()(call);
    });
    await renderAccountPage();
    const fill = (current: string) => {
      fireEvent.change(input('account-password-currentPassword'), { target: { value: current } });
      fireEvent.change(input('account-password-newPassword'), { target: { value: 'Brand-New-Password2' } });
      fireEvent.change(input('account-password-confirmPassword'), {
        target: { value: 'Brand-New-Password2' },
      });
      fireEvent.click(screen.getByTestId('account-password-save'));
    };
    fill('Wrong-Password1');
    expect(await screen.findByText('The current password is wrong.')).toBeTruthy();
    fill('Given-Password1');
    expect((await screen.findByTestId('notification')).textContent).toContain('Your password was changed.');
    await waitFor(() => expect(input('account-password-currentPassword').value).toBe(''));
    expect(calls.filter((call) => call.path === '/api/account/change-password').at(-1)?.body).toEqual({
      currentPassword: 'Given-Password1',
      newPassword: 'Brand-New-Password2',
    });
  });

  it('confirms a new e-mail address from the link, once, with a toast', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/account/confirm-email-change')
        return Response.json({ email: 'new@example.com' });
      return accountApi()(call);
    });
    await renderAccountPage(tenantUser, 'en', '/account?emailChangeToken=abc');
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Your e-mail address is now new@example.com.',
    );
    expect(calls.filter((call) => call.path === '/api/account/confirm-email-change')).toEqual([
      { method: 'POST', path: '/api/account/confirm-email-change', body: { token: 'abc' } },
    ]);
  });
});
