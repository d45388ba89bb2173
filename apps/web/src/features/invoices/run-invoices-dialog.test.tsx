import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceRunResponse } from '@homeward/contracts';
import { refuseWith, renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { previousMonth, RunInvoicesDialog } from './run-invoices-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RESULT: InvoiceRunResponse = {
  month: '2025-06',
  created: 3,
  alreadyInvoiced: 2,
  nothingToInvoice: 0,
  skippedLines: 0,
  invoiceIds: [],
};

async function renderDialog() {
  const onClose = vi.fn();
  await renderWithApp(<RunInvoicesDialog onClose={onClose} />, {
    permissions: ['Homeward.Invoices', 'Homeward.Invoices.Create'],
  });
  return onClose;
}

const month = () => screen.getByRole('textbox', { name: 'Month' });
const run = () => fireEvent.click(screen.getByRole('button', { name: 'Run' }));

describe('RunInvoicesDialog', { timeout: 30_000 }, () => {
  it('suggests last month', () => {
    expect(previousMonth(new Date('2026-01-15T12:00:00Z'))).toBe('2025-12');
    expect(previousMonth(new Date('2026-03-31T23:00:00Z'))).toBe('2026-02');
  });

  it('runs the month, toasts what was made, and closes', async () => {
    const calls = stubApi((call) => (call.method === 'POST' ? Response.json(RESULT) : undefined));
    const onClose = await renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Run invoices for a month' })).toBeTruthy();
    fireEvent.change(month(), { target: { value: '2025-06' } });
    run();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/invoices/runs', body: { month: '2025-06' } },
    ]);
    expect(
      await screen.findByText('3 invoices made; 2 customers were already invoiced for 2025-06.'),
    ).toBeTruthy();
  });

  it('refuses a malformed month before sending, and shows the server’s refusal under the field', async () => {
    const calls = stubApi(refuseWith('POST', { field: 'month', message: 'invoices:refused.monthInFuture' }));
    const onClose = await renderDialog();
    fireEvent.change(month(), { target: { value: '2025-13' } });
    run();
    expect(await screen.findByText('Month is invalid')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(month(), { target: { value: '2999-01' } });
    run();
    expect(await screen.findByText('The month has not begun yet.')).toBeTruthy();
    expect(month().getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
