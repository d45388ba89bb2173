import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { AddDeviceDialog } from './add-device-dialog';
import { testDevice } from './device-test-data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORGANIZATION = { id: '11111111-1111-4111-8111-111111111111', displayName: 'Distrikt Nord' };
const PREFIX_WARNING = Response.json(
  {
    error: {
      code: 'conflict',
      message: 'Conflict',
      validationErrors: [
        { field: 'stellaId', message: 'devices:stellaIdPrefixMismatch', params: { prefix: 'STL' } },
      ],
    },
  },
  { status: 409 },
);

const field = (name: string) => screen.getByTestId(`crud-field-${name}`) as HTMLInputElement;

async function fillForm() {
  await screen.findByText('Distrikt Nord');
  fireEvent.change(field('name'), { target: { value: 'Watch 1' } });
  fireEvent.change(field('imei'), { target: { value: '490154203237518' } });
  fireEvent.change(field('organizationId'), { target: { value: ORGANIZATION.id } });
  fireEvent.change(field('stellaId'), { target: { value: 'ABC0012345' } });
}

describe('AddDeviceDialog', { timeout: 30_000 }, () => {
  it('checks the IMEI and the organization in the browser before sending anything', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/devices/organization-options'
        ? Response.json({ items: [ORGANIZATION] })
        : undefined,
    );
    await renderWithApp(<AddDeviceDialog open onClose={() => {}} />, { permissions: ['Homeward.Devices'] });
    await screen.findByText('Distrikt Nord');
    fireEvent.change(field('name'), { target: { value: 'Watch 1' } });
    fireEvent.change(field('imei'), { target: { value: '490154203237519' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    expect(await screen.findByText('IMEI must be 15 digits with a valid check digit')).toBeTruthy();
    expect(screen.getByText('Organization is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks about a Stella ID with the wrong prefix, and OK registers the device anyway', async () => {
    const posts: unknown[] = [];
    stubApi((call) => {
      if (call.path === '/api/devices/organization-options') return Response.json({ items: [ORGANIZATION] });
      if (call.method !== 'POST') return undefined;
      posts.push(call.body);
      return posts.length === 1
        ? PREFIX_WARNING.clone()
        : Response.json(testDevice('offline', 0), { status: 201 });
    });
    const onClose = vi.fn();
    await renderWithApp(<AddDeviceDialog open onClose={onClose} />, { permissions: ['Homeward.Devices'] });
    await fillForm();
    fireEvent.click(screen.getByTestId('crud-form-save'));
    expect(await screen.findByText(/does not start with STL/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('stella-prefix-ok'));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[0]).toMatchObject({
      stellaId: 'ABC0012345',
      organizationId: ORGANIZATION.id,
      serialNumber: null,
    });
    expect(posts[1]).toMatchObject({ stellaId: 'ABC0012345', acceptStellaIdPrefixMismatch: true });
    expect(await screen.findByText('Device registered')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps the dialog open with the warning on the field when the user cancels', async () => {
    const posts: unknown[] = [];
    stubApi((call) => {
      if (call.path === '/api/devices/organization-options') return Response.json({ items: [ORGANIZATION] });
      if (call.method !== 'POST') return undefined;
      posts.push(call.body);
      return PREFIX_WARNING.clone();
    });
    const onClose = vi.fn();
    await renderWithApp(<AddDeviceDialog open onClose={onClose} />, { permissions: ['Homeward.Devices'] });
    await fillForm();
    fireEvent.click(screen.getByTestId('crud-form-save'));
    fireEvent.click(await screen.findByTestId('stella-prefix-cancel'));
    expect(
      await screen.findByText(
        'This Stella ID does not start with the product\u2019s prefix STL'.replace('\u2019', "'"),
      ),
    ).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
