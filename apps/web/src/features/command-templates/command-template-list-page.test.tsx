import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandTemplate } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { CommandTemplateListPage } from './command-template-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WATCH_ID = '00000000-0000-4000-8000-0000000000aa';
const template = (name: string, values: Partial<CommandTemplate> = {}): CommandTemplate => ({
  id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  tenantId: '00000000-0000-4000-8000-00000000000a',
  name,
  description: '',
  commandText: 'CR',
  productId: null,
  productName: null,
  variables: [],
  isTextMessage: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...values,
});

const TEMPLATES = [
  template('Request position'),
  template('SOS numbers', {
    commandText: 'SOS,%{phone1},%{phone2}',
    productId: WATCH_ID,
    productName: 'Homeward Watch 4G',
    variables: [
      { name: 'phone1', inputType: 'phone', example: '' },
      { name: 'phone2', inputType: 'phone', example: '' },
    ],
  }),
];

const list = (call: RecordedCall) =>
  call.method === 'GET' && call.path.startsWith('/api/command-templates?')
    ? Response.json({ items: TEMPLATES, totalCount: TEMPLATES.length })
    : undefined;

const variableNotUsed = (call: RecordedCall) =>
  call.method === 'POST'
    ? Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid',
            validationErrors: [
              {
                field: 'variables.1.name',
                message: 'commandTemplates:variableNotUsed',
                params: { name: 'unused', placeholder: '%{unused}' },
              },
            ],
          },
        },
        { status: 400 },
      )
    : undefined;

const created = (call: RecordedCall) =>
  call.method === 'POST' ? Response.json(template('New'), { status: 201 }) : undefined;

describe('CommandTemplateListPage', { timeout: 20_000 }, () => {
  it('lists templates with command text, product, variable count and search on the server', async () => {
    const calls = stubApi(list);
    await renderWithApp(<CommandTemplateListPage />, { permissions: ['Homeward.CommandTemplates'] });
    expect((await screen.findByTestId('command-text-SOS numbers')).textContent).toBe(
      'SOS,%{phone1},%{phone2}',
    );
    const grid = screen.getByTestId('crud-grid');
    expect(within(grid).getByText('Homeward Watch 4G')).toBeTruthy();
    expect(within(grid).getByText('Any product')).toBeTruthy();
    expect(within(grid).getByText('2')).toBeTruthy();
    fireEvent.change(screen.getByTestId('crud-search'), { target: { value: 'SOS' } });
    await waitFor(() => expect(calls.some((call) => call.path.includes('filter=SOS'))).toBe(true));
  });

  it('adds the text’s variables in one click and creates the template', async () => {
    const calls = stubApi(list, created);
    await renderWithApp(<CommandTemplateListPage />, { permissions: ['Homeward.CommandTemplates'] });
    fireEvent.click(await screen.findByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    fireEvent.change(within(dialog).getByTestId('crud-field-name'), { target: { value: 'Center number' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-commandText'), {
      target: { value: 'CENTER,%{phone}' },
    });
    fireEvent.click(within(dialog).getByTestId('variables-add-from-text'));
    expect((within(dialog).getByTestId('variable-name-0') as HTMLInputElement).value).toBe('phone');
    fireEvent.change(within(dialog).getByTestId('variable-input-type-0'), { target: { value: 'phone' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(await screen.findByText(/Command template was created/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Center number',
      description: '',
      commandText: 'CENTER,%{phone}',
      productId: null,
      variables: [{ name: 'phone', inputType: 'phone', example: '' }],
      isTextMessage: false,
    });
  });

  it('shows the spec §5 rule on the command text before sending', async () => {
    const calls = stubApi(list);
    await renderWithApp(<CommandTemplateListPage />, { permissions: ['Homeward.CommandTemplates'] });
    fireEvent.click(await screen.findByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    fireEvent.change(within(dialog).getByTestId('crud-field-name'), { target: { value: 'Interval' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-commandText'), {
      target: { value: 'UPLOAD,%{seconds}' },
    });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(
      await within(dialog).findByText('Variables used in the text must be added as variables: seconds'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it.each([
    ['en', 'Added variables must appear in the text, written as %{unused}'],
    ['da', 'Tilføjede variabler skal stå i teksten, skrevet som %{unused}'],
  ])('puts a server rule error on the variable row it names (%s)', async (language, text) => {
    stubApi(list, variableNotUsed);
    await renderWithApp(<CommandTemplateListPage />, {
      permissions: ['Homeward.CommandTemplates'],
      language,
    });
    fireEvent.click(await screen.findByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    fireEvent.change(within(dialog).getByTestId('crud-field-name'), { target: { value: 'Find' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-commandText'), {
      target: { value: 'FIND,%{a},%{unused}' },
    });
    fireEvent.click(within(dialog).getByTestId('variables-add-from-text'));
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    const row = within(dialog).getByTestId('variable-name-1').closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(row).findByText(text)).toBeTruthy();
    expect(within(dialog).getByTestId('variable-name-0').getAttribute('aria-invalid')).toBe('false');
  });

  it('edits a template with its variables and product, and deletes after confirming', async () => {
    const calls = stubApi(list, (call) =>
      call.method === 'PUT'
        ? Response.json(TEMPLATES[1])
        : call.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : undefined,
    );
    await renderWithApp(<CommandTemplateListPage />, { permissions: ['Homeward.CommandTemplates'] });
    fireEvent.click(await screen.findByTestId('crud-edit-SOS numbers'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    fireEvent.click(within(dialog).getByTestId('variable-remove-1'));
    fireEvent.change(within(dialog).getByTestId('crud-field-commandText'), {
      target: { value: 'SOS,%{phone1}' },
    });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/api/command-templates/${TEMPLATES[1]!.id}`,
      body: { productId: WATCH_ID, variables: [{ name: 'phone1', inputType: 'phone' }] },
    });

    fireEvent.click(await screen.findByTestId('crud-delete-Request position'));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('offers no create, edit or delete without the permission', async () => {
    stubApi(list);
    await renderWithApp(<CommandTemplateListPage />, { permissions: [] });
    await screen.findByTestId('command-text-SOS numbers');
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('crud-edit-SOS numbers')).toBeNull();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    stubApi(() => Response.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 }));
    await renderWithApp(<CommandTemplateListPage />, { permissions: ['Homeward.CommandTemplates'] });
    expect(await screen.findByTestId('crud-list-error')).toBeTruthy();
  });
});
