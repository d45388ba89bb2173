import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../app/api/api-fetch';
import { CrudListPage } from './crud-list-page';
import type { CrudResource } from './crud-resource';
import { renderWithApp, stubApi, type RecordedCall } from './crud-test-harness';
import { toQueryString } from './paged-list-request';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Widget {
  id: string;
  name: string;
}

const ROWS: Widget[] = [
  { id: 'id-0', name: 'Widget 0' },
  { id: 'id-1', name: 'Widget 1' },
];

/** A list a tab or card holds: no create, edit or delete, one action of its own. */
const held = (onDetach: (widget: Widget) => void): CrudResource<Widget, Record<string, never>> => ({
  queryKey: ['held-widgets'],
  titleKey: 'identity:roles.title',
  entityKey: 'identity:roles.entity',
  columns: (t) => [{ field: 'name', headerName: t('identity:roles.name'), flex: 1 }],
  sortFields: ['name'],
  getId: (item) => item.id,
  getName: (item) => item.name,
  searchLabelKey: 'messages:search',
  fetchList: (request) => apiFetch(`/api/widgets${toQueryString(request)}`),
  permissions: {},
  rowActions: [
    {
      id: 'widget-detach',
      labelKey: 'identity:organizationUnits.remove',
      icon: <span>x</span>,
      isVisible: (widget) => widget.id !== 'id-1',
      onClick: onDetach,
    },
  ],
});

function listWidgets({ method, path }: RecordedCall) {
  if (method !== 'GET' || !path.startsWith('/api/widgets')) return undefined;
  const filter = new URL(path, 'http://x').searchParams.get('filter') ?? '';
  const items = ROWS.filter((row) => row.name.includes(filter));
  return Response.json({ items, totalCount: items.length });
}

/** The list, hidden and shown again by "Toggle" while its rows stay cached. */
function ShownAgain({ refetchOnMount }: { refetchOnMount: boolean }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown((current) => !current)}>
        Toggle
      </button>
      {shown && <CrudListPage resource={held(() => {})} refetchOnMount={refetchOnMount} />}
    </>
  );
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path.startsWith('/api/widgets'));

describe('CrudListPage inside a tab or card', { timeout: 20_000 }, () => {
  it('leaves its title out, shows the screen’s own buttons and no create, and names its search', async () => {
    const calls = stubApi(listWidgets);
    const onDetach = vi.fn();
    const onAdd = vi.fn();
    await renderWithApp(
      <CrudListPage
        resource={held(onDetach)}
        hideTitle
        toolbarActions={
          <button type="button" onClick={onAdd}>
            Add widgets
          </button>
        }
      />,
      { permissions: ['W.Create'] },
    );
    await screen.findByText('Widget 0');
    expect(screen.queryByTestId('screen-title')).toBeNull();
    expect(screen.queryByTestId('crud-create')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add widgets' }));
    expect(onAdd).toHaveBeenCalledTimes(1);

    // The resource's own action, only on the rows it is for; no edit or delete.
    fireEvent.click(screen.getByTestId('widget-detach-Widget 0'));
    expect(onDetach).toHaveBeenCalledWith(ROWS[0]);
    expect(screen.queryByTestId('widget-detach-Widget 1')).toBeNull();
    expect(screen.queryByTestId('crud-edit-Widget 0')).toBeNull();

    const search = screen.getByRole('textbox', { name: 'Search by subject' });
    fireEvent.change(search, { target: { value: 'Widget 1' } });
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.path).toBe(
        '/api/widgets?skipCount=0&maxResultCount=10&filter=Widget+1',
      ),
    );
  });

  it('shows nothing above the grid without a title, search or buttons', async () => {
    stubApi(listWidgets);
    const { container } = await renderWithApp(
      <CrudListPage resource={{ ...held(vi.fn()), searchable: false }} hideTitle gridTestId="held-grid" />,
    );
    await screen.findByText('Widget 0');
    expect(container.firstElementChild?.getAttribute('data-testid')).toBe('held-grid');
  });

  it('fetches again when shown anew with cached rows only when told', async () => {
    for (const refetchOnMount of [false, true]) {
      const calls = stubApi(listWidgets);
      await renderWithApp(<ShownAgain refetchOnMount={refetchOnMount} />);
      await screen.findByText('Widget 0');
      expect(listCalls(calls)).toHaveLength(1);
      fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
      fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
      await screen.findByText('Widget 0');
      await waitFor(() => expect(listCalls(calls)).toHaveLength(refetchOnMount ? 2 : 1));
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
