import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationEndpoints } from '@homeward/contracts';
import { LookupField } from './lookup-field';
import { renderWithApp, stubApi, type RecordedCall } from './crud-test-harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const URL = '/api/organizations/customer-lookup';
const id = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CUSTOMERS = Array.from({ length: 25 }, (_, n) => ({ id: id(n), displayName: `Customer ${n}` }));

/** A fake lookup endpoint over CUSTOMERS that honours filter, skip and take. */
function lookupEndpoint(call: RecordedCall) {
  if (!call.path.startsWith(`${URL}?`) && call.path !== URL) return undefined;
  const query = new URLSearchParams(call.path.split('?')[1]);
  const filter = (query.get('filter') ?? '').toLowerCase();
  const matching = CUSTOMERS.filter((c) => c.displayName.toLowerCase().includes(filter));
  const skip = Number(query.get('skip'));
  const take = Number(query.get('take'));
  return Response.json({ items: matching.slice(skip, skip + take), totalCount: matching.length });
}

async function renderLookup(value: string | null = null) {
  const onChange = vi.fn();
  const calls = stubApi(lookupEndpoint);
  await renderWithApp(
    <LookupField
      endpoint={organizationEndpoints.customerLookup}
      value={value}
      onChange={onChange}
      label="Customer"
      data-testid="customer"
    />,
  );
  return { onChange, calls };
}

describe('LookupField', () => {
  it('loads the first page when opened and pages on when scrolled to the end', async () => {
    const { calls } = await renderLookup();
    expect(calls).toHaveLength(0);
    fireEvent.mouseDown(screen.getByLabelText('Customer'));
    expect(await screen.findByText('Customer 0')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([`${URL}?skip=0&take=20`]);
    expect(screen.queryByText('Customer 20')).toBeNull();

    fireEvent.scroll(screen.getByRole('listbox'));
    expect(await screen.findByText('Customer 24')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe(`${URL}?skip=20&take=20`);
  });

  it('searches on the server and reports the chosen id', async () => {
    const { onChange, calls } = await renderLookup();
    const input = screen.getByLabelText('Customer');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '13' } });
    await waitFor(() => expect(calls.at(-1)?.path).toBe(`${URL}?filter=13&skip=0&take=20`));
    fireEvent.click(await screen.findByText('Customer 13'));
    expect(onChange).toHaveBeenCalledWith(id(13), { id: id(13), displayName: 'Customer 13' });
  });

  it('shows a server error under the field and clears the choice', async () => {
    const onChange = vi.fn();
    stubApi(lookupEndpoint);
    await renderWithApp(
      <LookupField
        endpoint={organizationEndpoints.customerLookup}
        value={id(2)}
        valueLabel="Customer 2"
        onChange={onChange}
        label="Customer"
        error="Unknown customer"
      />,
    );
    expect((screen.getByLabelText('Customer') as HTMLInputElement).value).toBe('Customer 2');
    expect(screen.getByText('Unknown customer')).toBeTruthy();
    fireEvent.click(screen.getByTitle('Clear'));
    expect(onChange).toHaveBeenCalledWith(null, null);
  });
});
