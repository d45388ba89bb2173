import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_BILLING_DETAILS } from '@homeward/contracts';
import { refusePutWith, stubApi } from '../../components/crud/crud-test-harness';
import { billingReads, household, renderBilling, toastText } from './billing-page-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A field by its label (required fields carry a "*" after it). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)) as HTMLInputElement;

/** The text below a field, if any. */
function helperText(label: string): string | null {
  const describedBy = field(label).getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the billing details of the billing screen', { timeout: 20_000 }, () => {
  it('saves the details, with a toast', async () => {
    const state = household({ details: EMPTY_BILLING_DETAILS });
    const calls = stubApi((call) => {
      if (call.method === 'PUT' && call.path === '/api/billing/details') {
        return Response.json({
          details: { ...EMPTY_BILLING_DETAILS, ...(call.body as object) },
          hasCustomer: true,
        });
      }
      return undefined;
    }, billingReads(state));
    await renderBilling();
    await screen.findByTestId('billing-details-form');
    // A new household's form starts in Denmark.
    expect(field('Country').value).toBe('DK');
    type('Name', 'Dorthe Hansen');
    type('Company name', 'Hansen ApS');
    type('VAT number', 'dk12345678');
    type('Street', 'Strandvejen 1');
    type('Zip code', '8000');
    type('City', 'Aarhus');
    type('Additional info', 'Ring på døren');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await toastText()).toBe('Billing details saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Dorthe Hansen',
      address: null,
      companyName: 'Hansen ApS',
      vatNumber: 'DK12345678',
      street: 'Strandvejen 1',
      city: 'Aarhus',
      county: null,
      country: 'DK',
      zip: '8000',
      additionalInfo: 'Ring på døren',
    });
  });

  it('checks the fields with the server’s rules before sending', async () => {
    const calls = stubApi(billingReads(household()));
    await renderBilling();
    await screen.findByTestId('billing-details-form');
    type('Country', 'Denmark');
    type('Street', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(helperText('Country')).toBe('Enter the country as a two-letter code, e.g. DK'),
    );
    expect(helperText('Street')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server’s field errors at their fields', async () => {
    stubApi(
      refusePutWith(
        { field: 'vatNumber', message: 'billingAccount:errors.vatNumber' },
        { field: 'zip', message: 'billingAccount:errors.zip' },
      ),
      billingReads(household()),
    );
    await renderBilling();
    await screen.findByTestId('billing-details-form');
    type('VAT number', 'DK1');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() =>
      expect(helperText('VAT number')).toBe(
        'Enter a VAT number: an optional country code followed by 2 to 12 letters or digits',
      ),
    );
    expect(helperText('Zip code')).toBe('Enter a valid zip code');
    expect(field('VAT number').getAttribute('aria-invalid')).toBe('true');
    expect(await toastText()).toContain('Saving the billing details failed');
  });
});
