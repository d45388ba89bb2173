import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECURITY_LOG_ACTIONS } from '@homeward/contracts';
import { createTestI18n, renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { EMPTY_SECURITY_LOG_FILTER, toSecurityLogFilter } from './security-log-filters';
import { SecurityLogListPage } from './security-log-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('toSecurityLogFilter', () => {
  it('covers whole days: from the start of the first to the start of the day after the last', () => {
    const filter = toSecurityLogFilter({
      ...EMPTY_SECURITY_LOG_FILTER,
      startDate: dayjs('2026-03-01'),
      endDate: dayjs('2026-03-31'),
      userName: '  anna ',
    });
    expect(filter).toEqual({
      startTime: dayjs('2026-03-01T00:00:00').toISOString(),
      endTime: dayjs('2026-04-01T00:00:00').toISOString(),
      userName: 'anna',
    });
  });

  it('leaves out empty and invalid values', () => {
    expect(toSecurityLogFilter({ ...EMPTY_SECURITY_LOG_FILTER, startDate: dayjs('nonsense') })).toEqual({});
  });
});

describe('security log action names', () => {
  it.each(['en', 'da'])('has a %s text for every action the log records', async (language) => {
    const i18n = await createTestI18n(language);
    const missing = SECURITY_LOG_ACTIONS.filter(
      (action) => !i18n.exists(`identity:securityLogs.actions.${action}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('SecurityLogListPage', { timeout: 20_000 }, () => {
  it('lists entries with translated actions and filters them on the server', async () => {
    const calls = stubApi((call) =>
      call.path.startsWith('/api/identity/security-logs')
        ? Response.json({
            items: [
              {
                id: '50000000-0000-4000-8000-000000000001',
                tenantId: null,
                identity: 'Identity',
                action: 'LoginFailed',
                userId: null,
                userName: 'anna',
                clientId: 'branded',
                clientIpAddress: '127.0.0.1',
                browserInfo: 'test',
                correlationId: null,
                createdAt: '2026-03-01T10:00:00.000Z',
              },
            ],
            totalCount: 1,
          })
        : undefined,
    );
    await renderWithApp(<SecurityLogListPage />, { permissions: ['Homeward.SecurityLogs'] });
    expect(await screen.findByText('Sign-in failed')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/identity/security-logs?skipCount=0&maxResultCount=10');

    fireEvent.change(screen.getByTestId('security-log-action'), { target: { value: 'UserLocked' } });
    fireEvent.change(screen.getByTestId('security-log-client-id'), { target: { value: 'branded' } });
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        '/api/identity/security-logs?skipCount=0&maxResultCount=10&action=UserLocked&clientId=branded',
      ),
    );
  });
});
