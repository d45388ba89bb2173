import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LanguageDto } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { LanguageListPage } from './language-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const language = (
  cultureName: string,
  displayName: string,
  isDefault = false,
  isEnabled = true,
): LanguageDto => ({
  id: `00000000-0000-4000-8000-${String(cultureName.charCodeAt(0)).padStart(12, '0')}`,
  cultureName,
  uiCultureName: cultureName,
  displayName,
  flagIcon: null,
  isEnabled,
  isDefault,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const LANGUAGES = [
  language('en', 'English', true),
  language('da', 'Dansk'),
  language('sv', 'Svenska', false, false),
];
const ALL = [
  'Homeward.Languages',
  'Homeward.Languages.Create',
  'Homeward.Languages.Edit',
  'Homeward.Languages.Delete',
];

const listAndCultures = (call: { method: string; path: string }) => {
  if (call.method === 'GET' && call.path.startsWith('/api/language-management/languages?')) {
    return Response.json({ items: LANGUAGES, totalCount: LANGUAGES.length });
  }
  if (call.path.startsWith('/api/language-management/culture-list')) {
    return Response.json({
      items: [
        { cultureName: 'fr', displayName: 'French' },
        { cultureName: 'da', displayName: 'Danish' },
      ],
    });
  }
  return undefined;
};

describe('LanguageListPage', { timeout: 20_000 }, () => {
  it('offers set-default only for enabled non-default languages, and delete never for the default', async () => {
    stubApi(listAndCultures);
    await renderWithApp(<LanguageListPage />, { permissions: ALL });
    expect(await screen.findByText('Dansk')).toBeTruthy();
    expect(screen.getByTestId('language-set-default-da')).toBeTruthy();
    expect(screen.queryByTestId('language-set-default-en')).toBeNull();
    expect(screen.queryByTestId('language-set-default-sv')).toBeNull();
    expect(screen.queryByTestId('crud-delete-en')).toBeNull();
    expect(screen.getByTestId('crud-delete-da')).toBeTruthy();
  });

  it('sets a default language with a toast, and reports a refusal', async () => {
    let refuse = false;
    const calls = stubApi(listAndCultures, (call) => {
      if (!call.path.endsWith('/set-default')) return undefined;
      return refuse
        ? Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid',
                validationErrors: [{ field: 'id', message: 'languages:disabledCannotBeDefault' }],
              },
            },
            { status: 400 },
          )
        : Response.json({ ...LANGUAGES[1], isDefault: true });
    });
    await renderWithApp(<LanguageListPage />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('language-set-default-da'));
    expect(await screen.findByText('Dansk is now the default language')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/set-default'))?.method).toBe('PUT');

    refuse = true;
    fireEvent.click(screen.getByTestId('language-set-default-da'));
    expect(
      await screen.findByText(
        'The default language could not be changed: A disabled language cannot be the default',
      ),
    ).toBeTruthy();
  });

  it('creates a language from the culture list', async () => {
    const calls = stubApi(listAndCultures, (call) =>
      call.method === 'POST' ? Response.json(language('fr', 'Français'), { status: 201 }) : undefined,
    );
    await renderWithApp(<LanguageListPage />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    await within(dialog).findAllByRole('option', { name: 'French (fr)', hidden: true });
    fireEvent.change(within(dialog).getByTestId('crud-field-cultureName'), { target: { value: 'fr' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-uiCultureName'), { target: { value: 'fr' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-displayName'), { target: { value: 'Français' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        cultureName: 'fr',
        uiCultureName: 'fr',
        displayName: 'Français',
        flagIcon: '',
        isEnabled: true,
      }),
    );
  });
});
