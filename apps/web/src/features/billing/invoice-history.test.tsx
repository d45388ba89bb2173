import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { activateUserManager } from '../../app/auth/sign-in-session';
import { signedInTestUserManager } from '../../app/auth/test-sign-in';
import { stubApi } from '../../components/crud/crud-test-harness';
import { billingReads, household, invoice, renderBilling, toastText } from './billing-page-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  activateUserManager(undefined);
});

const PDF = '/api/billing/invoices/in_2/pdf';

describe('the billing history of the billing screen', { timeout: 20_000 }, () => {
  it('downloads an invoice’s PDF with the signed-in user’s token and saves it', async () => {
    await signedInTestUserManager({ sub: 'owner-1' });
    const calls = stubApi(
      (call) =>
        call.path === PDF
          ? new Response('%PDF-1.7', {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': 'attachment; filename="invoice-in_2.pdf"',
              },
            })
          : undefined,
      billingReads(household({ invoices: [invoice({ id: 'in_2', number: 'HW-0002' }), invoice()] })),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:invoice', revokeObjectURL: () => {} }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await renderBilling();
    const [newest] = await screen.findAllByTestId('billing-invoice');
    fireEvent.click(within(newest!).getByRole('button', { name: 'Download PDF: invoice HW-0002' }));

    await waitFor(() => expect(saved).toEqual(['invoice-in_2.pdf blob:invoice']));
    expect(calls.filter((call) => call.path.endsWith('/pdf')).map((call) => call.path)).toEqual([PDF]);
    const [, init] = (fetch as Mock).mock.calls.find(([input]) => String(input) === PDF)!;
    expect(new Headers((init as RequestInit).headers).get('Authorization')).toBe('Bearer access-owner-1');
  });

  it('toasts a download that fails', async () => {
    stubApi(
      (call) =>
        call.path.endsWith('/pdf')
          ? Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
          : undefined,
      billingReads(household()),
    );
    await renderBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF: invoice HW-0001' }));
    expect(await toastText()).toContain('Downloading the invoice failed');
  });
});
