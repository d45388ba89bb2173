import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { AuditLogListPage } from './audit-log-list-page';
import { EMPTY_AUDIT_LOG_FILTER, toAuditLogFilter } from './audit-log-filters';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LOG_ID = '0190c2a0-0000-7000-8000-000000000001';
const USER_ID = '0190c2a0-0000-7000-8000-0000000000aa';
const CHANGE_1 = '0190c2a0-0000-7000-8000-0000000000c1';
const CHANGE_2 = '0190c2a0-0000-7000-8000-0000000000c2';

const log = {
  id: LOG_ID,
  tenantId: null,
  userId: USER_ID,
  userName: 'anna',
  impersonatorUserId: null,
  impersonatorTenantId: null,
  executionTime: '2026-03-01T10:00:00.000Z',
  durationMs: 42,
  httpMethod: 'PUT',
  url: '/api/identity/users/1',
  statusCode: 200,
  clientIp: '127.0.0.1',
  browserInfo: 'test',
  correlationId: 'corr-1',
  exceptions: null,
  comments: null,
};

const change = (id: string, changeType: string, originalValue: unknown, newValue: unknown) => ({
  id,
  tenantId: null,
  auditLogId: LOG_ID,
  changeTime: '2026-03-01T10:00:00.000Z',
  changeType,
  entityType: 'users',
  entityId: USER_ID,
  propertyChanges: [
    { propertyName: 'name', originalValue, newValue },
    { propertyName: 'password_hash', originalValue: '***', newValue: '***' },
  ],
});

describe('toAuditLogFilter', () => {
  it('covers whole days, trims text and leaves out half-typed numbers', () => {
    expect(
      toAuditLogFilter({
        ...EMPTY_AUDIT_LOG_FILTER,
        startDate: dayjs('2026-03-01'),
        endDate: dayjs('2026-03-31'),
        userName: ' anna ',
        statusCode: '40',
        minDuration: '250',
        hasException: 'true',
      }),
    ).toEqual({
      startTime: dayjs('2026-03-01T00:00:00').toISOString(),
      endTime: dayjs('2026-04-01T00:00:00').toISOString(),
      userName: 'anna',
      minDuration: 250,
      hasException: 'true',
    });
  });
});

describe('AuditLogListPage', { timeout: 20_000 }, () => {
  it('filters on the server, opens an entry with its changes and the entity’s history', async () => {
    const calls = stubApi((call) => {
      if (call.path.startsWith('/api/audit-logs/entity-changes')) {
        return Response.json({
          items: [change(CHANGE_2, 'updated', 'Anna', 'Anna B'), change(CHANGE_1, 'created', null, 'Anna')],
          totalCount: 2,
        });
      }
      if (call.path === `/api/audit-logs/${LOG_ID}`) {
        return Response.json({ ...log, entityChanges: [change(CHANGE_2, 'updated', 'Anna', 'Anna B')] });
      }
      if (call.path.startsWith('/api/audit-logs')) return Response.json({ items: [log], totalCount: 1 });
      return undefined;
    });
    await renderWithApp(<AuditLogListPage />, { permissions: ['Homeward.AuditLogs'] });
    const grid = screen.getByTestId('audit-log-grid');
    expect(await within(grid).findByText('/api/identity/users/1')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/audit-logs?skipCount=0&maxResultCount=10');
    // Every column has a header a screen reader can announce, the Details buttons' one too.
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.filter((header) => !header.textContent?.trim())).toEqual([]);
    expect(headers.at(-1)?.textContent).toBe('Actions');

    fireEvent.change(screen.getByTestId('audit-log-filter-httpMethod'), { target: { value: 'DELETE' } });
    fireEvent.change(screen.getByTestId('audit-log-filter-url'), { target: { value: 'users' } });
    fireEvent.change(screen.getByTestId('audit-log-filter-hasException'), { target: { value: 'false' } });
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        '/api/audit-logs?skipCount=0&maxResultCount=10&httpMethod=DELETE&url=users&hasException=false',
      ),
    );

    fireEvent.click(await screen.findByTestId(`audit-log-open-${LOG_ID}`));
    const detail = await screen.findByTestId('audit-log-detail');
    expect(within(detail).getByText('corr-1')).toBeTruthy();
    const name = within(detail).getByTestId('entity-change-name');
    expect(name.textContent).toContain('Anna');
    expect(name.textContent).toContain('→ Anna B');
    expect(within(detail).getByTestId('entity-change-password_hash').textContent).toContain('***');

    fireEvent.click(within(detail).getByTestId(`entity-history-open-${CHANGE_2}`));
    const history = await screen.findByTestId('entity-history');
    expect(
      within(history)
        .getAllByText(/Created|Updated/)
        .map((node) => node.textContent),
    ).toHaveLength(2);
    expect(
      calls.some(
        (call) =>
          call.path ===
          `/api/audit-logs/entity-changes?entityType=users&entityId=${USER_ID}&maxResultCount=100`,
      ),
    ).toBe(true);
  });

  it('shows an error with a retry when an entry cannot be loaded', async () => {
    stubApi((call) => {
      if (call.path === `/api/audit-logs/${LOG_ID}`) {
        return Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 });
      }
      if (call.path.startsWith('/api/audit-logs')) return Response.json({ items: [log], totalCount: 1 });
      return undefined;
    });
    await renderWithApp(<AuditLogListPage />, { permissions: ['Homeward.AuditLogs'] });
    fireEvent.click(await screen.findByTestId(`audit-log-open-${LOG_ID}`));
    expect(await screen.findByText('The audit log entry could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
