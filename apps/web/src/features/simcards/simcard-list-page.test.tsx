import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Simcard } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { SimcardListPage } from './simcard-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sim = (iccid: string, status: Simcard['status']): Simcard => ({
  id: `00000000-0000-4000-8000-${iccid.slice(-12)}`,
  iccid,
  msisdn: '+4520000000',
  operator: 'Telia',
  note: '',
  status,
  device: null,
  deactivatedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const ACTIVE = sim('8945000000000000001', 'active');
const DEACTIVATED = sim('8945000000000000002', 'deactivated');
const ALL = [
  'Homeward.SimCards',
  'Homeward.SimCards.Create',
  'Homeward.SimCards.Edit',
  'Homeward.SimCards.Deactivate',
];

const list = (call: RecordedCall) =>
  call.method === 'GET' && call.path.startsWith('/api/simcards?')
    ? Response.json({ items: [ACTIVE, DEACTIVATED], totalCount: 2 })
    : undefined;
const lastList = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/simcards?')).at(-1)?.path;

describe('SimcardListPage', { timeout: 20_000 }, () => {
  it('filters by status on the server and edits and deactivates under its own actions', async () => {
    const calls = stubApi(list);
    await renderWithApp(<SimcardListPage />, { permissions: ALL });
    await screen.findByText(ACTIVE.iccid);
    expect(screen.getByTestId('crud-grid')).toBeTruthy();
    expect(screen.getByTestId('crud-create')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'deactivated' } });
    await waitFor(() =>
      expect(lastList(calls)).toBe('/api/simcards?skipCount=0&maxResultCount=10&status=deactivated'),
    );

    // Edit is the screen's own action (no generic one); deactivate only for an active SIM.
    expect(screen.queryByTestId(`crud-edit-${ACTIVE.iccid}`)).toBeNull();
    expect(screen.getByTestId(`simcard-deactivate-${ACTIVE.iccid}`)).toBeTruthy();
    expect(screen.queryByTestId(`simcard-deactivate-${DEACTIVATED.iccid}`)).toBeNull();
    fireEvent.click(screen.getByTestId(`simcard-edit-${ACTIVE.iccid}`));
    const dialog = await screen.findByTestId('crud-form-dialog');
    await waitFor(() =>
      expect((within(dialog).getByTestId('crud-field-iccid') as HTMLInputElement).value).toBe(ACTIVE.iccid),
    );
  });

  it('offers no create, edit or deactivation to a reader', async () => {
    stubApi(list);
    await renderWithApp(<SimcardListPage />, { permissions: ['Homeward.SimCards'] });
    await screen.findByText(ACTIVE.iccid);
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId(`simcard-edit-${ACTIVE.iccid}`)).toBeNull();
    expect(screen.queryByTestId(`simcard-deactivate-${ACTIVE.iccid}`)).toBeNull();
  });
});
