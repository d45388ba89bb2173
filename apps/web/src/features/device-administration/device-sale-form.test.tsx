import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusePutWith, renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { administeredDevice } from './device-administration-test-support';
import { DeviceConditionForm, DeviceSaleForm } from './device-sale-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved = (call: { method: string }) =>
  call.method === 'PUT' ? Response.json(administeredDevice()) : undefined;

describe('DeviceSaleForm', () => {
  it('saves the sale details with the note and toasts it', async () => {
    const calls = stubApi(saved);
    await renderWithApp(<DeviceSaleForm device={administeredDevice({ owner: 'Aarhus' })} readOnly={false} />);
    const form = screen.getByRole('form', { name: 'Sale' });
    fireEvent.change(within(form).getByLabelText('Operator'), { target: { value: 'Telia' } });
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'Sold at the fair' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The sale details were saved.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toMatch(/\/sale$/);
    expect(put?.body).toMatchObject({ owner: 'Aarhus', operator: 'Telia', note: 'Sold at the fair' });
  });

  it('puts the server’s field error on its field and toasts the failure', async () => {
    stubApi(refusePutWith({ field: 'owner', message: 'The owner is not known.' }));
    await renderWithApp(<DeviceSaleForm device={administeredDevice({ owner: 'Nobody' })} readOnly={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Could not save:/)).toBeTruthy();
    const owner = screen.getByLabelText('Owner');
    const error = await screen.findByText('The owner is not known.');
    expect(error.id).toBe(owner.getAttribute('aria-describedby'));
  });

  it('shows the values without a save button when read only', async () => {
    stubApi();
    await renderWithApp(<DeviceSaleForm device={administeredDevice({ owner: 'Aarhus' })} readOnly />);
    expect((screen.getByLabelText('Owner') as HTMLInputElement).value).toBe('Aarhus');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('DeviceConditionForm', () => {
  it('saves the DIAG notes and toasts it', async () => {
    const calls = stubApi(saved);
    await renderWithApp(<DeviceConditionForm device={administeredDevice()} readOnly={false} />);
    fireEvent.change(screen.getByLabelText('DIAG notes'), { target: { value: 'Strap worn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The condition was saved.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toMatch(/\/condition$/);
    expect(put?.body).toMatchObject({ diag: 'Strap worn', note: '' });
  });
});
