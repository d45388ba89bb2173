import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportSchedule } from '@homeward/contracts';
import {
  refuseWith,
  renderWithApp,
  stubApi,
  type RecordedCall,
} from '../../components/crud/crud-test-harness';
import { ReportsPage } from './reports-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const SCHEDULE: ReportSchedule = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'device-alarms',
  format: 'csv',
  recipients: ['lead@example.com', 'ops@example.com'],
  dayOfMonth: 3,
  language: 'da',
  lastSentMonth: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const schedules =
  (items: ReportSchedule[]) =>
  (call: RecordedCall): Response | undefined =>
    call.method === 'GET' && call.path === '/api/reports/schedules' ? Response.json({ items }) : undefined;

const file = (call: RecordedCall) =>
  call.method === 'GET' && call.path.startsWith('/api/reports/') && call.path !== '/api/reports/schedules'
    ? new Response('a,b\r\n', { headers: { 'content-disposition': 'attachment; filename="report.csv"' } })
    : undefined;

const NEW_SCHEDULE_ID = '00000000-0000-4000-8000-000000000002';
const ok = (method: string) => (call: RecordedCall) =>
  call.method === method
    ? Response.json({ ...SCHEDULE, id: NEW_SCHEDULE_ID }, { status: method === 'POST' ? 201 : 200 })
    : undefined;

function stubObjectUrls() {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }),
  );
}

describe('ReportsPage', { timeout: 20_000 }, () => {
  it('downloads the chosen report with its period and format', async () => {
    stubObjectUrls();
    const calls = stubApi(schedules([]), file);
    await renderWithApp(<ReportsPage />, { permissions: ['Homeward.Reports'] });
    expect(await screen.findByText('No reports are scheduled.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('The report was downloaded')).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain(
      '/api/reports/device-alarms.xlsx?from=2026-03-01&to=2026-03-31',
    );
  });

  it('starts with the report and month of the e-mail’s link, and has no period for devices', async () => {
    stubObjectUrls();
    window.history.replaceState(null, '', '/reports?kind=devices&format=csv');
    const calls = stubApi(schedules([]), file);
    await renderWithApp(<ReportsPage />, { permissions: ['Homeward.Reports'] });
    expect(screen.getByText('This report shows the current state and has no period.')).toBeTruthy();
    expect(screen.queryByLabelText('From')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/reports/devices.csv'));
  });

  it('refuses a period that ends before it starts, next to the end date', async () => {
    const calls = stubApi(schedules([]), file);
    await renderWithApp(<ReportsPage />, { permissions: ['Homeward.Reports'] });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
    expect(calls.some((call) => call.path.includes('.xlsx'))).toBe(false);
  });

  it('lists the schedules in Danish', async () => {
    stubApi(schedules([SCHEDULE]));
    await renderWithApp(<ReportsPage />, { permissions: ['Homeward.Reports'], language: 'da' });
    const table = await screen.findByRole('table', { name: 'Månedlige e-mails' });
    expect(within(table).getByText('Enhedsalarmer')).toBeTruthy();
    expect(within(table).getByText('lead@example.com, ops@example.com')).toBeTruthy();
    expect(within(table).getByText('Endnu ikke')).toBeTruthy();
  });

  it('creates a schedule from a list of addresses', async () => {
    const calls = stubApi(schedules([]), ok('POST'));
    await renderWithApp(<ReportsPage />, { permissions: ['Homeward.Reports'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule a report' }));
    const dialog = await screen.findByTestId('crud-form-dialog');
    fireEvent.change(within(dialog).getByTestId('crud-field-recipients'), {
      target: { value: 'lead@example.com,\nops@example.com' },
    });
    fireEvent.change(within(dialog).getByTestId('crud-field-dayOfMonth'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(await screen.findByText('The report schedule was created.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'device-alarms',
      format: 'xlsx',
      recipients: ['lead@example.com', 'ops@example.com'],
      dayOfMonth: 5,
      language: 'en',
    });
  });

  it('checks the addresses and the day before sending, and shows the server’s field errors', async () => {
    const calls = stubApi(
      schedules([SCHEDULE]),
      refuseWith('PUT', { field: 'recipients.1', message: 'reports:duplicateRecipient' }),
    );
    await renderWithApp(<ReportsPage />, { permissions: ['Homeward.Reports'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit schedule: Device alarms' }));
    const dialog = await screen.findByTestId('crud-form-dialog');
    const recipients = within(dialog).getByTestId('crud-field-recipients');
    fireEvent.change(recipients, { target: { value: '' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-dayOfMonth'), { target: { value: '31' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(await within(dialog).findByText('Enter at least one e-mail address')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(recipients, { target: { value: 'a@example.com b@example.com' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-dayOfMonth'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(await within(dialog).findByText('This address is already in the list')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.path).toBe(`/api/reports/schedules/${SCHEDULE.id}`);
  });

  it('deletes a schedule after asking', async () => {
    const calls = stubApi(schedules([SCHEDULE]), (call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    await renderWithApp(<ReportsPage />, { permissions: ['Homeward.Reports'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete schedule: Device alarms' }));
    expect(await screen.findByText(/the monthly e-mail of Device alarms/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect(await screen.findByText('The report schedule was deleted.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/reports/schedules/${SCHEDULE.id}`,
    );
  });
});
