import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SETTING_DEFINITIONS,
  type SettingGroup,
  type SettingGroupResponse,
  type SettingValue,
} from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { SettingManagementPage } from './setting-management-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What the server answers for a group, from the catalogue, with some values changed. */
function groupResponse(
  group: SettingGroup,
  level: 'G' | 'T' = 'G',
  patch: Record<string, Partial<SettingValue>> = {},
): SettingGroupResponse {
  return {
    group,
    level,
    settings: SETTING_DEFINITIONS.filter((definition) => definition.group === group).map((definition) => ({
      name: definition.name,
      type: definition.type,
      ...(definition.options ? { options: [...definition.options] } : {}),
      defaultValue: definition.defaultValue,
      value: definition.type === 'secret' ? null : definition.defaultValue,
      isSet: false,
      source: 'default' as const,
      isEditable: definition.providers.includes(level),
      ...patch[definition.name],
    })),
  };
}

const ALL = [
  'Homeward.Settings',
  ...['Identity', 'Account', 'TwoFactor', 'Captcha', 'Emailing'].flatMap((tab) => [
    `Homeward.Settings.${tab}`,
    `Homeward.Settings.${tab}.Edit`,
  ]),
];

function answerGroups(responses: Partial<Record<SettingGroup, SettingGroupResponse>>) {
  return (call: RecordedCall) => {
    const group = call.path.split('/').pop() as SettingGroup;
    if (call.method === 'GET' && responses[group]) return Response.json(responses[group]);
    return undefined;
  };
}

const field = (name: string) => screen.findByTestId(`settings-field-${name}`);

describe('SettingManagementPage', { timeout: 20_000 }, () => {
  it('shows a tab only for each group the user may read', async () => {
    stubApi(answerGroups({ identity: groupResponse('identity') }));
    await renderWithApp(<SettingManagementPage />, {
      permissions: ['Homeward.Settings', 'Homeward.Settings.Identity', 'Homeward.Settings.Emailing'],
    });
    expect(screen.getByTestId('settings-tab-identity')).toBeTruthy();
    expect(screen.getByTestId('settings-tab-emailing')).toBeTruthy();
    expect(screen.queryByTestId('settings-tab-account')).toBeNull();
    expect(((await field('Identity.Password.RequiredLength')) as HTMLInputElement).value).toBe('10');
    // Read only without Edit: the inputs are disabled and there is no save button.
    expect(((await field('Identity.Password.RequiredLength')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('settings-save')).toBeNull();
  });

  it('tells a tenant admin which settings only the host can change', async () => {
    stubApi(answerGroups({ account: groupResponse('account', 'T') }));
    await renderWithApp(<SettingManagementPage />, {
      permissions: ['Homeward.Settings', 'Homeward.Settings.Account', 'Homeward.Settings.Account.Edit'],
    });
    const selfRegistration = (await field('Account.IsSelfRegistrationEnabled')).querySelector('input')!;
    expect(selfRegistration.disabled).toBe(true);
    expect(screen.getByText('Only the host can change this setting')).toBeTruthy();
    expect(((await field('Account.TermsUrl')) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByText(/apply to your tenant only/)).toBeTruthy();
  });

  it('shows an empty state when no group may be read', async () => {
    stubApi();
    await renderWithApp(<SettingManagementPage />, { permissions: ['Homeward.Settings'] });
    expect(screen.getByTestId('empty-state').textContent).toContain('No settings to show');
  });

  it('saves only the changed values, typed, and says so', async () => {
    const saved = groupResponse('identity', 'G', {
      'Identity.Lockout.MaxFailedAccessAttempts': { value: '7', source: 'G', isSet: true },
    });
    const calls = stubApi(answerGroups({ identity: groupResponse('identity') }), (call) =>
      call.method === 'PUT' ? Response.json(saved) : undefined,
    );
    await renderWithApp(<SettingManagementPage />, { permissions: ALL });
    fireEvent.change(await field('Identity.Lockout.MaxFailedAccessAttempts'), { target: { value: '7' } });
    // Switched on and off again: unchanged, so not sent.
    fireEvent.click(await field('Identity.Password.RequireUppercase'));
    fireEvent.click(await field('Identity.Password.RequireUppercase'));
    fireEvent.click(await field('Identity.Password.RequireDigit'));
    fireEvent.click(screen.getByTestId('settings-save'));

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/setting-management/identity',
        body: {
          values: {
            'Identity.Lockout.MaxFailedAccessAttempts': '7',
            'Identity.Password.RequireDigit': false,
          },
        },
      },
    ]);
  });

  it('shows the server’s field errors at their fields and a failure toast', async () => {
    stubApi(answerGroups({ account: groupResponse('account') }), (call) =>
      call.method === 'PUT'
        ? Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Invalid',
                validationErrors: [{ field: 'Account.TermsUrl', message: 'settings:mustBeUrl' }],
              },
            },
            { status: 400 },
          )
        : undefined,
    );
    await renderWithApp(<SettingManagementPage />, { permissions: ALL });
    fireEvent.click(screen.getByTestId('settings-tab-account'));
    fireEvent.change(await field('Account.TermsUrl'), { target: { value: 'terms' } });
    fireEvent.click(screen.getByTestId('settings-save'));

    const message = 'Enter a full web address starting with https://';
    expect(await screen.findByText(`Settings could not be saved: ${message}`)).toBeTruthy();
    const input = await field('Account.TermsUrl');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(1);
  });

  it('shows secrets only as set or not set, and sends a replacement', async () => {
    const calls = stubApi(
      answerGroups({
        captcha: groupResponse('captcha', 'T', { 'Captcha.SecretKey': { isSet: true, source: 'T' } }),
      }),
      (call) => (call.method === 'PUT' ? Response.json(groupResponse('captcha', 'T')) : undefined),
    );
    await renderWithApp(<SettingManagementPage />, { permissions: ALL });
    fireEvent.click(screen.getByTestId('settings-tab-captcha'));
    expect((await screen.findByTestId('settings-secret-state-Captcha.SecretKey')).textContent).toBe('Set');
    fireEvent.change(screen.getByTestId('settings-field-Captcha.SecretKey-input'), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByText('Settings saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      values: { 'Captcha.SecretKey': 'new-secret' },
    });
  });

  it('sends a test e-mail from the e-mailing tab', async () => {
    const calls = stubApi(answerGroups({ emailing: groupResponse('emailing') }), (call) =>
      call.path.endsWith('/send-test-email') ? new Response(null, { status: 202 }) : undefined,
    );
    await renderWithApp(<SettingManagementPage />, {
      permissions: ['Homeward.Settings', 'Homeward.Settings.Emailing'],
    });
    fireEvent.click(await screen.findByTestId('settings-send-test-email'));
    const to = await screen.findByTestId('settings-test-email-to');
    fireEvent.change(to, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByTestId('settings-test-email-send'));
    expect(await screen.findByText('Recipient must be a valid e-mail address')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(to, { target: { value: 'it@example.dk' } });
    fireEvent.click(screen.getByTestId('settings-test-email-send'));
    expect(await screen.findByText('Test e-mail to it@example.dk is on its way')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/setting-management/emailing/send-test-email',
        body: { to: 'it@example.dk' },
      },
    ]);
  });

  it('offers a retry when the group cannot be loaded', async () => {
    let fail = true;
    stubApi((call) =>
      call.method === 'GET'
        ? fail
          ? Response.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 })
          : Response.json(groupResponse('twoFactor'))
        : undefined,
    );
    await renderWithApp(<SettingManagementPage />, {
      permissions: ['Homeward.Settings', 'Homeward.Settings.TwoFactor'],
    });
    const alert = await screen.findByTestId('settings-load-error');
    expect(alert.textContent).toContain('Boom');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    await waitFor(() =>
      expect(screen.getByTestId('settings-field-TwoFactor.Behaviour').textContent).toBe('Optional'),
    );
  });
});
