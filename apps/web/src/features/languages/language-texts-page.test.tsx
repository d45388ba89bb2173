import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LanguageDto, LanguageText } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { LanguageTextsPage } from './language-texts-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const language = (cultureName: string, displayName: string): LanguageDto => ({
  id: crypto.randomUUID(),
  cultureName,
  uiCultureName: cultureName,
  displayName,
  flagIcon: null,
  isEnabled: true,
  isDefault: cultureName === 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const noData: LanguageText = {
  namespace: 'translation',
  key: 'errors.noData',
  baseValue: 'No data available',
  value: 'Ingen data tilgængelige',
  isOverridden: false,
};

function answers(texts: LanguageText[]) {
  return (call: RecordedCall) => {
    if (call.path === '/api/language-management/resources') {
      return Response.json({ items: [{ name: 'auth' }, { name: 'translation' }] });
    }
    if (call.path === '/api/language-management/languages/all') {
      return Response.json({
        items: [language('en', 'English'), language('da', 'Dansk'), language('sv', 'Svenska')],
      });
    }
    if (call.method === 'GET' && call.path.startsWith('/api/language-management/texts?')) {
      return Response.json({ items: texts, totalCount: texts.length });
    }
    return undefined;
  };
}

const ALL = ['Homeward.Languages', 'Homeward.Languages.ChangeTexts'];

describe('LanguageTextsPage', { timeout: 20_000 }, () => {
  it('sends the filters to the server and restarts paging when they change', async () => {
    const calls = stubApi(answers([noData]));
    await renderWithApp(<LanguageTextsPage />, { permissions: ALL });
    expect(await screen.findByText('Ingen data tilgængelige')).toBeTruthy();
    const first = calls.find((call) => call.path.startsWith('/api/language-management/texts?'))!;
    expect(new URLSearchParams(first.path.split('?')[1]).get('targetCultureName')).toBe('da');

    await screen.findAllByRole('option', { name: 'Svenska (sv)', hidden: true });
    fireEvent.change(screen.getByTestId('texts-filter-target'), { target: { value: 'sv' } });
    fireEvent.change(screen.getByTestId('texts-filter-namespace'), { target: { value: 'auth' } });
    fireEvent.click(screen.getByTestId('texts-filter-only-empty'));
    await waitFor(() => {
      const last = calls.filter((call) => call.path.startsWith('/api/language-management/texts?')).at(-1)!;
      const query = new URLSearchParams(last.path.split('?')[1]);
      expect([
        query.get('targetCultureName'),
        query.get('resourceName'),
        query.get('getOnlyEmptyValues'),
      ]).toEqual(['sv', 'auth', 'true']);
      expect(query.get('skipCount')).toBe('0');
    });
  });

  it('saves an edited text, tells the user and reloads that namespace in i18next', async () => {
    const calls = stubApi(answers([noData]), (call) =>
      call.method === 'PUT' ? Response.json({ ...noData, value: 'Intet', isOverridden: true }) : undefined,
    );
    const { i18n } = await renderWithApp(<LanguageTextsPage />, { permissions: ALL });
    const reload = vi.spyOn(i18n, 'reloadResources');
    fireEvent.click(await screen.findByTestId('texts-edit-translation:errors.noData'));
    const dialog = await screen.findByTestId('text-edit-dialog');
    expect(within(dialog).queryByTestId('text-restore')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('text-value-input'), { target: { value: 'Intet' } });
    fireEvent.click(within(dialog).getByTestId('text-save'));

    expect(await screen.findByText('Text saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/language-management/texts/da/translation/errors.noData',
      body: { value: 'Intet' },
    });
    await waitFor(() => expect(reload).toHaveBeenCalledWith(['da'], ['translation']));
    await waitFor(() => expect(screen.queryByTestId('text-edit-dialog')).toBeNull());
  });

  it('restores an overridden text, and shows a failed save in a toast and at the field', async () => {
    const overridden = { ...noData, value: 'Intet', isOverridden: true };
    const calls = stubApi(answers([overridden]), (call) => {
      if (call.method !== 'PUT') return undefined;
      if (call.path.endsWith('/restore')) return Response.json(noData);
      return Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid',
            validationErrors: [{ field: 'value', message: 'validation.maxLength', params: { max: 4096 } }],
          },
        },
        { status: 400 },
      );
    });
    await renderWithApp(<LanguageTextsPage />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('texts-edit-translation:errors.noData'));
    const dialog = await screen.findByTestId('text-edit-dialog');
    fireEvent.click(within(dialog).getByTestId('text-save'));
    expect(await screen.findByText(/The text could not be saved/)).toBeTruthy();
    expect(screen.getByTestId('text-edit-dialog')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('text-restore'));
    expect(await screen.findByText('The original text is restored')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      '/api/language-management/texts/da/translation/errors.noData',
      '/api/language-management/texts/da/translation/errors.noData/restore',
    ]);
  });

  it('offers no edit button without ChangeTexts', async () => {
    stubApi(answers([noData]));
    await renderWithApp(<LanguageTextsPage />, { permissions: ['Homeward.Languages'] });
    expect(await screen.findByText('Ingen data tilgængelige')).toBeTruthy();
    expect(screen.queryByTestId('texts-edit-translation:errors.noData')).toBeNull();
  });
});
