import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRegistration, stubApi } from './registration-test-harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const input = (name: string) => screen.getByTestId(`registration-${name}`) as HTMLInputElement;

/** The helper text MUI links to an input through aria-describedby. */
function helperTextOf(name: string): string {
  const id = input(name).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

/** The password's broken rules, one line each, as shown under the field. */
function passwordRules(): string[] {
  const id = input('password').getAttribute('aria-describedby');
  const helper = id ? document.getElementById(id) : null;
  if (!helper) return [];
  const lines = [...helper.children].map((line) => line.textContent ?? '');
  return lines.length > 0 ? lines : [helper.textContent ?? ''];
}

const VALID = {
  userName: 'new.user',
  fullName: 'New User',
  email: 'new@example.dk',
  phoneNumber: '4512345678',
  password: 'Homeward!Demo1',
  confirmPassword: 'Homeward!Demo1',
};

function fill(values: Partial<typeof VALID>) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(input(name), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByTestId('registration-submit'));

describe('registration screen', () => {
  it('offers sign-in through the dashboard and links terms and privacy policy', async () => {
    stubApi({});
    await renderRegistration('/login');
    expect((await screen.findByTestId('screen-title')).textContent).toBe('Log in');
    expect(screen.getByTestId('registration-sign-in').getAttribute('href')).toBe('/dashboard');
    expect(screen.getByTestId('registration-terms-link').getAttribute('href')).toBe('/terms');
    expect(screen.getByTestId('registration-privacy-link').getAttribute('href')).toBe(
      'https://example.com/en',
    );
  });

  it('shows translated client-side errors and sends nothing', async () => {
    const calls = stubApi({});
    await renderRegistration();
    fill({ ...VALID, userName: '', phoneNumber: '45 12', password: 'homeward!demo1', confirmPassword: 'x' });
    submit();

    await waitFor(() => expect(helperTextOf('userName')).toBe('User name must be at least 3 characters'));
    expect(helperTextOf('phoneNumber')).toBe('Phone number may contain digits only');
    expect(helperTextOf('password')).toMatch(/^Password must contain at least one uppercase letter$/);
    expect(screen.getByTestId('registration-acceptTerms-error').textContent).toBe(
      'You must agree to the terms of use and the privacy policy',
    );
    expect(calls).toEqual([]);
  });

  it('lists every password rule the password breaks at once', async () => {
    stubApi({});
    await renderRegistration();
    fill({ ...VALID, password: 'abc', confirmPassword: 'abc' });
    submit();
    await waitFor(() => expect(passwordRules()).toHaveLength(4));
    expect(passwordRules()).toEqual([
      'Password must be at least 10 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one digit',
      'Password must contain at least one special character',
    ]);
    // Fixing one rule leaves the others listed.
    fill({ password: 'abcdefghij1' });
    await waitFor(() =>
      expect(passwordRules()).toEqual([
        'Password must contain at least one uppercase letter',
        'Password must contain at least one special character',
      ]),
    );
  });

  it('marks the terms box invalid and describes it by its error', async () => {
    stubApi({});
    await renderRegistration();
    const box = input('acceptTerms');
    expect(box.getAttribute('aria-invalid')).toBe('false');
    submit();
    const error = await screen.findByTestId('registration-acceptTerms-error');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(error.id);
    fireEvent.click(box);
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('false'));
    expect(box.getAttribute('aria-describedby')).toBeNull();
  });

  it('reports passwords that do not match', async () => {
    stubApi({});
    await renderRegistration();
    fill({ ...VALID, confirmPassword: 'Homeward!Demo2' });
    fireEvent.click(input('acceptTerms'));
    submit();
    await waitFor(() => expect(helperTextOf('confirmPassword')).toBe('The passwords do not match'));
  });

  it('puts the server field errors on their fields and toasts the failure', async () => {
    stubApi({
      'POST /api/account/pending-registration': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid',
            validationErrors: [
              { field: 'userName', message: 'registration:userNameTaken' },
              { field: 'email', message: 'registration:emailTaken' },
              { field: 'password', message: 'validation.passwordUppercase' },
              { field: 'password', message: 'validation.passwordSpecial' },
            ],
          },
        },
      },
    });
    await renderRegistration();
    fill(VALID);
    fireEvent.click(input('acceptTerms'));
    submit();

    await waitFor(() => expect(helperTextOf('userName')).toBe('This user name is already taken'));
    expect(helperTextOf('email')).toBe('An account with this e-mail address already exists');
    // The server's rules for one field are all shown, as the form's own are.
    expect(passwordRules()).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one special character',
    ]);
    expect((await screen.findByTestId('notification')).textContent).toContain('Registration failed');
  });

  it('sends the form, then asks to check the e-mail and can send it again', async () => {
    const calls = stubApi({
      'POST /api/account/pending-registration': { status: 201, body: { userId: 'u1', email: VALID.email } },
      'POST /api/account/resend-email': { status: 204 },
    });
    await renderRegistration();
    fill(VALID);
    fireEvent.click(input('acceptTerms'));
    fireEvent.click(input('marketingConsent'));
    submit();

    const panel = await screen.findByTestId('registration-check-email');
    expect(panel.textContent).toContain(VALID.email);
    expect(calls[0]!.body).toEqual({ ...VALID, acceptTerms: true, marketingConsent: true });
    expect((await screen.findByTestId('notification')).textContent).toContain('Your account was created');

    fireEvent.click(screen.getByTestId('registration-resend'));
    await waitFor(() =>
      expect(screen.getByTestId('notification').textContent).toContain('we sent the e-mail again'),
    );
    expect(calls[1]).toMatchObject({ url: '/api/account/resend-email', body: { email: VALID.email } });
  });

  it('pre-fills and locks the invited e-mail, and registers with the invitation', async () => {
    const calls = stubApi({
      'GET /api/account/invitations/tok-1': { status: 200, body: { email: 'invited@example.dk' } },
      'POST /api/account/pending-registration': {
        status: 201,
        body: { userId: 'u2', email: 'invited@example.dk' },
      },
    });
    await renderRegistration('/registration?invitationToken=tok-1');
    await screen.findByTestId('registration-invitation');
    await waitFor(() => expect(input('email').value).toBe('invited@example.dk'));
    expect(input('email').readOnly).toBe(true);

    const { email: _email, ...rest } = VALID;
    fill(rest);
    fireEvent.click(input('acceptTerms'));
    submit();
    await screen.findByTestId('registration-check-email');
    expect(calls[1]!.body).toMatchObject({ email: 'invited@example.dk', invitationToken: 'tok-1' });
  });

  it('says so when the invitation is no longer valid', async () => {
    stubApi({
      'GET /api/account/invitations/old': {
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found' } },
      },
    });
    await renderRegistration('/registration?invitationToken=old');
    await screen.findByTestId('registration-invitation-invalid');
    expect(input('email').readOnly).toBe(false);
  });
});

describe('confirmation link', () => {
  it('confirms once and offers sign-in', async () => {
    const calls = stubApi({
      'POST /api/account/complete-registration': {
        status: 200,
        body: { userId: 'u1', userName: 'new.user' },
      },
    });
    await renderRegistration('/registration?confirmationToken=abc');
    expect(screen.getByTestId('registration-confirming')).toBeTruthy();
    await screen.findByTestId('registration-confirmed');
    expect(screen.getByTestId('registration-confirmed-sign-in').getAttribute('href')).toBe('/dashboard');
    expect(calls).toEqual([
      { url: '/api/account/complete-registration', method: 'POST', body: { confirmationToken: 'abc' } },
    ]);
  });

  it('explains an invalid link and sends a new one', async () => {
    const calls = stubApi({
      'POST /api/account/complete-registration': {
        status: 400,
        body: { error: { code: 'bad_request', message: 'registration:invalidConfirmationToken' } },
      },
      'POST /api/account/resend-email': { status: 204 },
    });
    await renderRegistration('/registration?confirmationToken=used');
    const failed = await screen.findByTestId('registration-confirm-failed');
    expect(failed.textContent).toContain(
      'This confirmation link is invalid, has expired or was already used',
    );

    fireEvent.click(screen.getByTestId('registration-resend-submit'));
    await waitFor(() => expect(helperTextOf('resend-email')).toBe('E-mail must be a valid e-mail address'));
    fireEvent.change(input('resend-email'), { target: { value: 'new@example.dk' } });
    fireEvent.click(screen.getByTestId('registration-resend-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('notification').textContent).toContain('we sent the e-mail again'),
    );
    expect(calls[1]).toMatchObject({ url: '/api/account/resend-email', body: { email: 'new@example.dk' } });
  });
});
