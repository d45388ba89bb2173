import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityLog } from '@homeward/contracts';
import { stubApi } from '../../components/crud/crud-test-harness';
import type * as Fixture from '../../test/app-configuration-fixture';
import { EMPTY_SECURITY_LOG_FILTER } from '../security-logs/security-log-filters';
import {
  accountApi,
  accountPageRenderer,
  input,
  MY_LOGS,
  myProfile,
  tenantUser,
  type SignedInUser,
} from './account-page-test-support';
import { toMySecurityLogFilter } from './my-security-log-filter';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function logEntry(patch: Partial<SecurityLog> = {}): SecurityLog {
  return {
    id: '50000000-0000-4000-8000-000000000001',
    tenantId: tenantUser.currentTenant.id,
    identity: 'OpenIdConnect',
    action: 'LoginSucceeded',
    userId: tenantUser.currentUser!.id,
    userName: 'anna',
    clientId: 'branded',
    clientIpAddress: '203.0.113.7',
    browserInfo: 'Firefox 140',
    correlationId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...patch,
  };
}

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

/** The grid's rows as cell texts, once the rows the server sent are shown. */
async function shownRows(count: number): Promise<string[][]> {
  const grid = await screen.findByTestId('account-security-log-grid');
  await waitFor(() => expect(within(grid).queryAllByRole('gridcell').length).toBeGreaterThan(0));
  const rows = within(grid)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('gridcell')
        .map((cell) => cell.textContent ?? ''),
    )
    .filter((cells) => cells.length > 0);
  expect(rows).toHaveLength(count);
  return rows;
}

const shownTime = (iso: string) =>
  new Date(iso).toLocaleString('en', { dateStyle: 'short', timeStyle: 'medium' });

const renderAccountPage = accountPageRenderer(signedIn);

describe('toMySecurityLogFilter', () => {
  it('keeps whole days and the action, and never sends a user name or client', () => {
    expect(
      toMySecurityLogFilter({
        startDate: dayjs('2026-03-01'),
        endDate: dayjs('2026-03-31'),
        action: 'LoginFailed',
        userName: 'someone-else',
        clientId: 'branded',
      }),
    ).toEqual({
      startTime: dayjs('2026-03-01T00:00:00').toISOString(),
      endTime: dayjs('2026-04-01T00:00:00').toISOString(),
      action: 'LoginFailed',
    });
    expect(toMySecurityLogFilter(EMPTY_SECURITY_LOG_FILTER)).toEqual({});
  });
});

describe('AccountPage', { timeout: 20_000 }, () => {
  it('shows the account of the signed-in tenant user, with the profile to edit', async () => {
    stubApi(accountApi(myProfile({ phoneNumber: '4512345678' })));
    await renderAccountPage();
    expect(screen.getByTestId('screen-title').textContent).toBe('Account');
    expect(screen.getByTestId('account-profile').textContent).toContain('Profile');
    expect(screen.getByTestId('account-profile-user-name').textContent).toBe('anna');
    expect(screen.getByTestId('account-profile-tenant').textContent).toBe('Sunshine Care');
    expect(screen.getByTestId('account-profile-roles').textContent).toBe('admincarer');
    await screen.findByTestId('account-profile-form');
    expect(input('account-profile-name-input').value).toBe('Anna Jensen');
    expect(input('account-profile-email-input').value).toBe('anna@example.com');
    expect(input('account-profile-phoneNumber-input').value).toBe('4512345678');
    expect(screen.getByLabelText(/Full name/)).toBe(input('account-profile-name-input'));
    expect(screen.getByTestId('account-avatar').textContent).toContain('at most 2 MB');
  });

  it('shows a host user as the host, in Danish', async () => {
    stubApi(accountApi());
    await renderAccountPage(
      {
        currentUser: { ...tenantUser.currentUser!, name: null, email: null, roles: [], tenantId: null },
        currentTenant: { id: null, name: null },
      },
      'da',
    );
    expect(screen.getByTestId('screen-title').textContent).toBe('Konto');
    expect(screen.getByTestId('account-profile-tenant').textContent).toBe('Vært');
    expect(screen.getByTestId('account-profile-roles').textContent).toBe('Ingen roller');
    expect((await screen.findByTestId('account-profile-save')).textContent).toBe('Gem');
  });

  it("lists the caller's own entries with translated actions, paged and filtered on the server", async () => {
    const calls = stubApi((call) =>
      call.path.startsWith(MY_LOGS)
        ? Response.json({
            items: [
              logEntry(),
              logEntry({ id: '50000000-0000-4000-8000-000000000002', action: 'LoginFailed' }),
            ],
            totalCount: 25,
          })
        : undefined,
    );
    await renderAccountPage();
    const section = screen.getByTestId('account-security-log');
    expect(section.textContent).toContain('Your sign-in activity');
    expect(await shownRows(2)).toEqual([
      [shownTime('2026-03-01T10:00:00.000Z'), 'Signed in', 'branded', '203.0.113.7', 'Firefox 140'],
      [shownTime('2026-03-01T10:00:00.000Z'), 'Sign-in failed', 'branded', '203.0.113.7', 'Firefox 140'],
    ]);
    expect(calls.at(-1)?.path).toBe(`${MY_LOGS}?skipCount=0&maxResultCount=10`);
    // Only the time range and the action are offered: the server pins the user anyway.
    expect(screen.queryByTestId('security-log-user-name')).toBeNull();
    expect(screen.queryByTestId('security-log-client-id')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe(`${MY_LOGS}?skipCount=10&maxResultCount=10`));

    // A new filter starts again at the first page.
    fireEvent.change(screen.getByTestId('security-log-action'), { target: { value: 'LoginFailed' } });
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe(`${MY_LOGS}?skipCount=0&maxResultCount=10&action=LoginFailed`),
    );
  });

  it('says so when there is no activity yet', async () => {
    stubApi(accountApi());
    await renderAccountPage();
    expect((await screen.findByTestId('crud-list-empty')).textContent).toBe('No data available');
  });

  it('shows an error with a retry that loads the entries', async () => {
    let failing = true;
    const calls = stubApi((call) => {
      if (!call.path.startsWith(MY_LOGS)) return undefined;
      return failing
        ? Response.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 })
        : Response.json({ items: [logEntry()], totalCount: 1 });
    });
    await renderAccountPage();
    expect((await screen.findByTestId('crud-list-error')).textContent).toContain('could not be loaded');
    expect(screen.queryByTestId('account-security-log-grid')).toBeNull();

    failing = false;
    fireEvent.click(screen.getByTestId('crud-list-retry'));
    expect((await shownRows(1))[0]?.[1]).toBe('Signed in');
    expect(screen.queryByTestId('crud-list-error')).toBeNull();
    expect(calls.filter((call) => call.path.startsWith(MY_LOGS))).toHaveLength(2);
  });
});
