import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { RoleClaimsDialog } from './role-claims-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROLE: Role = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Nurses',
  isDefault: false,
  isPublic: true,
  isStatic: false,
  userCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const PATH = `/api/identity/roles/${ROLE.id}/claims`;
const claimType = (name: string) => ({
  id: crypto.randomUUID(),
  name,
  required: false,
  isStatic: false,
  regex: name === 'shift' ? '^(day|night)$' : null,
  regexDescription: null,
  description: null,
  valueType: 'string',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('RoleClaimsDialog', { timeout: 20_000 }, () => {
  it('adds a claim, sends all claims, and shows a value the pattern refuses under its row', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/identity/claim-types/all') {
        return Response.json({ items: [claimType('department'), claimType('shift')] });
      }
      if (call.path !== PATH) return undefined;
      if (call.method === 'GET') return Response.json([{ claimType: 'department', claimValue: 'North' }]);
      return Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid',
            validationErrors: [{ field: '1.claimValue', message: 'identity:claimValueMismatch' }],
          },
        },
        { status: 400 },
      );
    });
    await renderWithApp(<RoleClaimsDialog role={ROLE} onClose={() => {}} />, {
      permissions: ['Homeward.Roles', 'Homeward.Roles.Edit', 'Homeward.ClaimTypes'],
    });
    expect(((await screen.findByTestId('role-claim-value-0')) as HTMLInputElement).value).toBe('North');

    fireEvent.click(screen.getByTestId('role-claims-add'));
    await waitFor(() =>
      expect((screen.getByTestId('role-claim-type-1') as HTMLSelectElement).options.length).toBe(3),
    );
    fireEvent.change(screen.getByTestId('role-claim-type-1'), { target: { value: 'shift' } });
    fireEvent.change(screen.getByTestId('role-claim-value-1'), { target: { value: 'evening' } });
    fireEvent.click(screen.getByTestId('role-claims-save'));

    expect(await screen.findByText("The value does not match the claim type's pattern")).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual([
      { claimType: 'department', claimValue: 'North' },
      { claimType: 'shift', claimValue: 'evening' },
    ]);
  });

  it('lets a reader see the claims but not change them', async () => {
    stubApi((call) =>
      call.path === PATH ? Response.json([{ claimType: 'department', claimValue: 'North' }]) : undefined,
    );
    await renderWithApp(<RoleClaimsDialog role={ROLE} onClose={() => {}} />, {
      permissions: ['Homeward.Roles'],
    });
    expect(((await screen.findByTestId('role-claim-value-0')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('role-claims-save')).toBeNull();
    expect(screen.queryByTestId('role-claims-add')).toBeNull();
  });
});
