import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch } from '../../app/api/api-fetch';
import { CrudListPage } from './crud-list-page';
import type { CrudResource } from './crud-resource';
import { refusePutWith, renderWithApp, stubApi, type RecordedCall } from './crud-test-harness';
import { toQueryString } from './paged-list-request';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Widget {
  id: string;
  name: string;
}
const zWidgetForm = z.object({ name: z.string().trim().min(1).max(20) });
type WidgetForm = z.infer<typeof zWidgetForm>;

const widgets: CrudResource<Widget, WidgetForm> = {
  queryKey: ['widgets'],
  titleKey: 'identity:roles.title',
  entityKey: 'identity:roles.entity',
  columns: (t) => [{ field: 'name', headerName: t('identity:roles.name'), flex: 1 }],
  sortFields: ['name'],
  getId: (item) => item.id,
  getName: (item) => item.name,
  fetchList: (request) => apiFetch(`/api/widgets${toQueryString(request)}`),
  permissions: { create: 'W.Create', update: 'W.Edit', delete: 'W.Delete' },
  create: (values) => apiFetch('/api/widgets', { method: 'POST', body: JSON.stringify(values) }),
  update: (id, values) => apiFetch(`/api/widgets/${id}`, { method: 'PUT', body: JSON.stringify(values) }),
  remove: (id) => apiFetch(`/api/widgets/${id}`, { method: 'DELETE' }),
  form: {
    schema: () => zWidgetForm,
    fields: () => [{ kind: 'text', name: 'name', labelKey: 'identity:roles.name' }],
    defaultValues: () => ({ name: '' }),
    toFormValues: (item) => ({ name: item.name }),
  },
};

const ALL = ['W.Create', 'W.Edit', 'W.Delete'];
const rows = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ id: `id-${from + i}`, name: `Widget ${from + i}` }));

/** Lists 25 widgets, paged as the request asks. */
function listWidgets({ method, path }: RecordedCall) {
  if (method !== 'GET' || !path.startsWith('/api/widgets')) return undefined;
  const query = new URL(path, 'http://x').searchParams;
  const skip = Number(query.get('skipCount'));
  const take = Number(query.get('maxResultCount'));
  const all = rows(25).filter((row) => row.name.includes(query.get('filter') ?? ''));
  return Response.json({ items: all.slice(skip, skip + take), totalCount: all.length });
}

const lastList = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/widgets')).at(-1)?.path;

// Screens with a DataGrid and dialogs render slowly in jsdom on a shared machine.
describe('CrudListPage', { timeout: 20_000 }, () => {
  it('asks the server for the page, search and sort the user chooses', async () => {
    const calls = stubApi(listWidgets);
    await renderWithApp(<CrudListPage resource={widgets} />);

    await screen.findByText('Widget 0');
    expect(lastList(calls)).toBe('/api/widgets?skipCount=0&maxResultCount=10');
    expect(screen.queryByText('Widget 10')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Widget 10');
    expect(lastList(calls)).toBe('/api/widgets?skipCount=10&maxResultCount=10');

    fireEvent.click(screen.getByText('Name'));
    await waitFor(() =>
      expect(lastList(calls)).toBe('/api/widgets?skipCount=10&maxResultCount=10&sorting=name+asc'),
    );

    // A new search starts again at the first page.
    fireEvent.change(screen.getByTestId('crud-search'), { target: { value: 'Widget 2' } });
    await waitFor(() =>
      expect(lastList(calls)).toBe(
        '/api/widgets?skipCount=0&maxResultCount=10&sorting=name+asc&filter=Widget+2',
      ),
    );
  });

  it('shows "No data available" for an empty list and a retry for a failed one', async () => {
    let fail = true;
    stubApi((call) =>
      fail
        ? Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 })
        : call.path.startsWith('/api/widgets')
          ? Response.json({ items: [], totalCount: 0 })
          : undefined,
    );
    await renderWithApp(<CrudListPage resource={widgets} />);
    await screen.findByTestId('crud-list-error');
    fail = false;
    fireEvent.click(screen.getByTestId('crud-list-retry'));
    expect((await screen.findByTestId('crud-list-empty')).textContent).toBe('No data available');
  });

  it('hides create, edit and delete from a user without the permissions', async () => {
    stubApi(listWidgets);
    await renderWithApp(<CrudListPage resource={widgets} />, { permissions: ['W.Edit'] });
    await screen.findByText('Widget 0');
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('crud-delete-Widget 0')).toBeNull();
    expect(screen.getByTestId('crud-edit-Widget 0')).toBeTruthy();
  });

  it('creates a row, tells the user, and reloads the list', async () => {
    const calls = stubApi(
      (call) => (call.method === 'POST' ? Response.json({ id: 'new' }, { status: 201 }) : undefined),
      listWidgets,
    );
    await renderWithApp(<CrudListPage resource={widgets} />, { permissions: ALL });
    await screen.findByText('Widget 0');
    const listCallsBefore = calls.filter((call) => call.method === 'GET').length;

    fireEvent.click(screen.getByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    expect(within(dialog).getByText('Create role')).toBeTruthy();
    fireEvent.change(await within(dialog).findByTestId('crud-field-name'), { target: { value: ' Nurses ' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));

    expect((await screen.findByTestId('notification')).textContent).toContain('The role was created.');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/widgets',
      body: { name: 'Nurses' },
    });
    await waitFor(() => expect(screen.queryByTestId('crud-form-dialog')).toBeNull());
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(listCallsBefore),
    );
  });

  it('shows client-side field errors in the user language before calling the server', async () => {
    const calls = stubApi(listWidgets);
    await renderWithApp(<CrudListPage resource={widgets} />, { permissions: ALL, language: 'da' });
    await screen.findByText('Widget 0');
    expect(screen.getByText('Rækker pr side:')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crud-create'));
    fireEvent.click(await screen.findByTestId('crud-form-save'));
    expect(await screen.findByText('Navn skal udfyldes')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('puts the server’s field errors on the fields and toasts the failure', async () => {
    stubApi(refusePutWith({ field: 'name', message: 'identity:roleNameTaken' }), listWidgets);
    await renderWithApp(<CrudListPage resource={widgets} />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('crud-edit-Widget 3'));
    const field = await screen.findByTestId('crud-field-name');
    expect((field as HTMLInputElement).value).toBe('Widget 3');
    fireEvent.change(field, { target: { value: 'Widget 4' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));

    const dialog = screen.getByTestId('crud-form-dialog');
    expect(await within(dialog).findByText('A role with this name already exists')).toBeTruthy();
    expect(screen.getByTestId('notification').textContent).toContain(
      'Could not save the role: A role with this name already exists',
    );
  });

  it('deletes only after confirmation', async () => {
    const calls = stubApi(
      (call) => (call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined),
      listWidgets,
    );
    await renderWithApp(<CrudListPage resource={widgets} />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('crud-delete-Widget 1'));
    const confirm = await screen.findByTestId('confirm-delete-dialog');
    expect(confirm.textContent).toContain('Widget 1');

    fireEvent.click(within(confirm).getByTestId('confirm-delete-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-delete-dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByTestId('crud-delete-Widget 1'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    });
    expect((await screen.findByTestId('notification')).textContent).toContain('The role was deleted.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/widgets/id-1',
    ]);
  });
});
