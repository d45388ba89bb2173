import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALARM_KINDS,
  renderAlarmText,
  type AlarmText,
  type AlarmTextListResponse,
} from '@homeward/contracts';
import { appConfigurationQueryOptions } from '../../app/configuration/get-app-configuration';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { testAppConfiguration } from '../../test/app-configuration-fixture';
import { AlarmTextsPage } from './alarm-texts-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PERMISSION = ['Homeward.AlarmTexts'];
const SAMPLE = {
  citizen: 'Inge Jensen',
  device: 'Watch 7',
  time: '1/2/26, 3:04 PM UTC',
  address: 'Vej 1',
  link: 'L',
};

function textOf(
  kind: (typeof ALARM_KINDS)[number],
  language: string,
  patch: Partial<AlarmText> = {},
): AlarmText {
  return {
    id: null,
    kind,
    language,
    subject: `${language} ${kind}: {citizen}`,
    body: `${kind} at {time} on {device}`,
    isDefault: true,
    updatedAt: null,
    ...patch,
  };
}

function listOf(
  language: string,
  patches: Partial<Record<string, Partial<AlarmText>>> = {},
): AlarmTextListResponse {
  return { language, items: ALARM_KINDS.map((kind) => textOf(kind, language, patches[kind])) };
}

/** Answers the list per language, and previews by rendering with the sample values, as the server does. */
function server(lists: Record<string, AlarmTextListResponse>) {
  return (call: RecordedCall) => {
    if (call.method === 'GET' && call.path.startsWith('/api/alarm-texts?')) {
      const language = new URLSearchParams(call.path.split('?')[1]).get('language')!;
      return lists[language] ? Response.json(lists[language]) : undefined;
    }
    if (call.method === 'POST' && call.path === '/api/alarm-texts/preview') {
      const { subject, body } = call.body as { subject: string; body: string };
      return Response.json({
        subject: renderAlarmText(subject, SAMPLE),
        body: renderAlarmText(body, SAMPLE),
        values: SAMPLE,
      });
    }
    return undefined;
  };
}

const card = (kind: string) => screen.findByTestId(`alarm-text-${kind}`);
const input = (kind: string, field: 'subject' | 'body') =>
  screen.getByTestId(`alarm-text-${kind}-${field}`) as HTMLInputElement | HTMLTextAreaElement;

describe('AlarmTextsPage', { timeout: 20_000 }, () => {
  it('shows every kind’s text with its default badge and a rendered preview', async () => {
    stubApi(
      server({
        en: listOf('en', { sos: { id: crypto.randomUUID(), isDefault: false, subject: 'Help {citizen}' } }),
      }),
    );
    await renderWithApp(<AlarmTextsPage />, { permissions: PERMISSION });

    for (const kind of ALARM_KINDS) expect(await card(kind)).toBeTruthy();
    expect(screen.queryByTestId('alarm-text-sos-default')).toBeNull();
    expect(screen.getByTestId('alarm-text-fall-default').textContent).toBe('Default');
    expect(input('sos', 'subject').value).toBe('Help {citizen}');
    expect((await screen.findByTestId('alarm-text-sos-preview-subject')).textContent).toBe(
      'Help Inge Jensen',
    );
    expect((await screen.findByTestId('alarm-text-fall-preview-body')).textContent).toBe(
      'fall at 1/2/26, 3:04 PM UTC on Watch 7',
    );
    // Only a customised text can be restored.
    expect(screen.getByTestId('alarm-text-sos-restore')).toBeTruthy();
    expect(screen.queryByTestId('alarm-text-fall-restore')).toBeNull();
  });

  it('inserts a variable at the caret, previews the unsaved text and saves it', async () => {
    const calls = stubApi(
      (call) =>
        call.method === 'PUT'
          ? Response.json(
              textOf('fall', 'en', { ...(call.body as object), id: crypto.randomUUID(), isDefault: false }),
            )
          : undefined,
      server({ en: listOf('en') }),
    );
    await renderWithApp(<AlarmTextsPage />, { permissions: PERMISSION });
    await card('fall');
    const subject = input('fall', 'subject');
    fireEvent.change(subject, { target: { value: 'Fall: !' } });
    fireEvent.focus(subject);
    subject.setSelectionRange(6, 6);
    fireEvent.click(screen.getByTestId('alarm-text-fall-variable-citizen'));
    expect(input('fall', 'subject').value).toBe('Fall: {citizen}!');

    await waitFor(() =>
      expect(screen.getByTestId('alarm-text-fall-preview-subject').textContent).toBe('Fall: Inge Jensen!'),
    );
    fireEvent.click(screen.getByTestId('alarm-text-fall-save'));
    await screen.findByText('The Fall text is saved');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/alarm-texts/fall/en',
      body: { subject: 'Fall: {citizen}!', body: 'fall at {time} on {device}' },
    });
  });

  it('checks the text as it is typed and shows the server’s field errors', async () => {
    const calls = stubApi(
      (call) =>
        call.method === 'PUT'
          ? Response.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Invalid',
                  validationErrors: [
                    { field: 'body', message: 'alarmTexts:unknownVariable', params: { name: 'x' } },
                  ],
                },
              },
              { status: 400 },
            )
          : undefined,
      server({ en: listOf('en') }),
    );
    await renderWithApp(<AlarmTextsPage />, { permissions: PERMISSION });
    const sos = await card('sos');
    fireEvent.change(input('sos', 'body'), { target: { value: 'At {where}' } });
    expect(within(sos).getByText('Text uses an unknown variable: where')).toBeTruthy();
    expect((screen.getByTestId('alarm-text-sos-save') as HTMLButtonElement).disabled).toBe(true);
    expect(within(sos).getByText('Fix the text to see a preview.')).toBeTruthy();

    fireEvent.change(input('sos', 'body'), { target: { value: 'At {address}' } });
    fireEvent.click(screen.getByTestId('alarm-text-sos-save'));
    expect(await within(sos).findByText('Text uses an unknown variable: x')).toBeTruthy();
    expect(await screen.findByText(/The text could not be saved/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('restores the default of a customised text', async () => {
    const calls = stubApi(
      (call) => (call.method === 'DELETE' ? Response.json(textOf('offline', 'en')) : undefined),
      server({ en: listOf('en', { offline: { id: crypto.randomUUID(), isDefault: false } }) }),
    );
    await renderWithApp(<AlarmTextsPage />, { permissions: PERMISSION });
    await card('offline');
    fireEvent.click(screen.getByTestId('alarm-text-offline-restore'));
    await screen.findByText('The Offline text is back to the default');
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/alarm-texts/offline/en');
  });

  it('switches between the enabled languages, in Danish', async () => {
    const calls = stubApi(server({ en: listOf('en'), da: listOf('da') }));
    const { queryClient } = await renderWithApp(<AlarmTextsPage />, {
      permissions: PERMISSION,
      language: 'da',
    });
    act(() => {
      queryClient.setQueryData(appConfigurationQueryOptions.queryKey, {
        ...testAppConfiguration(),
        grantedPolicies: { 'Homeward.AlarmTexts': true },
        languages: [
          {
            cultureName: 'en',
            uiCultureName: 'en',
            displayName: 'English',
            isEnabled: true,
            isDefault: true,
          },
          { cultureName: 'da', uiCultureName: 'da', displayName: 'Dansk', isEnabled: true, isDefault: false },
          {
            cultureName: 'sv',
            uiCultureName: 'sv',
            displayName: 'Svenska',
            isEnabled: false,
            isDefault: false,
          },
        ],
      });
    });
    await card('sos');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sprog' }));
    expect(screen.queryByRole('option', { name: 'Svenska' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Dansk' }));
    await waitFor(() => expect(input('sos', 'subject').value).toBe('da sos: {citizen}'));
    expect(calls.some((call) => call.path === '/api/alarm-texts?language=da')).toBe(true);
    expect(screen.getAllByText('Standard').length).toBeGreaterThan(0);
  });

  it('shows a load failure with a retry, and nothing without the permission', async () => {
    stubApi();
    await renderWithApp(<AlarmTextsPage />, { permissions: PERMISSION });
    expect((await screen.findByTestId('alarm-texts-load-error')).textContent).toContain(
      'could not be loaded',
    );
    cleanup();
    stubApi(server({ en: listOf('en') }));
    await renderWithApp(<AlarmTextsPage />, { permissions: [] });
    expect(screen.getByText('No access to alarm texts')).toBeTruthy();
    expect(screen.queryByTestId('alarm-text-sos')).toBeNull();
  });
});
