import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimType } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { ClaimTypeListPage } from './claim-type-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const claimType = (name: string, isStatic: boolean): ClaimType => ({
  id: crypto.randomUUID(),
  name,
  required: false,
  isStatic,
  regex: null,
  regexDescription: null,
  description: null,
  valueType: 'int',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const ALL = [
  'Homeward.ClaimTypes',
  'Homeward.ClaimTypes.Create',
  'Homeward.ClaimTypes.Edit',
  'Homeward.ClaimTypes.Delete',
];

describe('ClaimTypeListPage', { timeout: 20_000 }, () => {
  it('creates a claim type with a value type and shows a bad regex next to its field', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'POST') {
        return Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields are not valid',
              validationErrors: [{ field: 'regex', message: 'identity:invalidRegex' }],
            },
          },
          { status: 400 },
        );
      }
      return call.path.startsWith('/api/identity/claim-types?')
        ? Response.json({ items: [claimType('email', true), claimType('shoe_size', false)], totalCount: 2 })
        : undefined;
    });
    await renderWithApp(<ClaimTypeListPage />, { permissions: ALL });
    expect(await screen.findByText('shoe_size')).toBeTruthy();
    expect(screen.getAllByText('Whole number')).toHaveLength(2);
    expect(screen.queryByTestId('crud-delete-email')).toBeNull();
    expect(screen.getByTestId('crud-delete-shoe_size')).toBeTruthy();

    fireEvent.click(screen.getByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    fireEvent.change(within(dialog).getByTestId('crud-field-name'), { target: { value: 'badge' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-valueType'), { target: { value: 'boolean' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-regex'), { target: { value: '([' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));

    expect(await within(dialog).findByText('This is not a valid regular expression')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'badge',
      required: false,
      regex: '([',
      regexDescription: '',
      description: '',
      valueType: 'boolean',
    });
  });
});
