import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../app/api/api-fetch';
import { CrudListPage } from './crud-list-page';
import type { CrudResource } from './crud-resource';
import { renderWithApp, stubApi, type RecordedCall } from './crud-test-harness';
import { toQueryString, type PagedListRequest } from './paged-list-request';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Widget {
  id: string;
  name: string;
  colour: string;
}
type WidgetFilter = { colour?: string };

const ROWS: Widget[] = Array.from({ length: 25 }, (_, i) => ({
  id: `id-${i}`,
  name: `Widget ${i}`,
  colour: i % 2 === 0 ? 'red' : 'blue',
}));

const exported: (Pick<PagedListRequest, 'filter'> & WidgetFilter)[] = [];

const widgets: CrudResource<Widget, Record<string, never>, WidgetFilter> = {
  queryKey: ['filtered-widgets'],
  titleKey: 'identity:roles.title',
  entityKey: 'identity:roles.entity',
  columns: (t) => [{ field: 'name', headerName: t('identity:roles.name'), flex: 1 }],
  sortFields: ['name'],
  getId: (item) => item.id,
  getName: (item) => item.name,
  fetchList: (request) => apiFetch(`/api/widgets${toQueryString(request)}`),
  exportList: (request) => {
    exported.push(request);
    return Promise.resolve();
  },
  permissions: { update: 'W.Edit' },
};

/** Lists the widgets of the asked colour (all without one), paged as the request asks. */
function listWidgets({ method, path }: RecordedCall) {
  if (method !== 'GET' || !path.startsWith('/api/widgets')) return undefined;
  const query = new URL(path, 'http://x').searchParams;
  const skip = Number(query.get('skipCount'));
  const take = Number(query.get('maxResultCount'));
  const colour = query.get('colour');
  const all = ROWS.filter((row) => !colour || row.colour === colour);
  return Response.json({ items: all.slice(skip, skip + take), totalCount: all.length });
}

const lastList = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/widgets')).at(-1)?.path;

/** A screen with a filter of its own in the slot, as the list pages have. */
function FilteredWidgets({ onEdit }: { onEdit?(widget: Widget): void }) {
  const [filter, setFilter] = useState<WidgetFilter>({});
  return (
    <CrudListPage
      resource={widgets}
      filters={
        <button type="button" onClick={() => setFilter({ colour: 'red' })}>
          Only red
        </button>
      }
      filterValues={filter}
      onEdit={onEdit}
    />
  );
}

describe('CrudListPage filters and own edit', { timeout: 20_000 }, () => {
  it('sends the slot’s filter values with the page request and the export, from the first page', async () => {
    const calls = stubApi(listWidgets);
    await renderWithApp(<FilteredWidgets />);
    await screen.findByText('Widget 1');
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Widget 11');
    expect(lastList(calls)).toBe('/api/widgets?skipCount=10&maxResultCount=10');

    fireEvent.click(screen.getByRole('button', { name: 'Only red' }));
    await waitFor(() =>
      expect(lastList(calls)).toBe('/api/widgets?skipCount=0&maxResultCount=10&colour=red'),
    );
    await screen.findByText('Widget 0');
    expect(screen.queryByText('Widget 1')).toBeNull();

    fireEvent.change(screen.getByTestId('crud-search'), { target: { value: 'Widget 2' } });
    await waitFor(() =>
      expect(lastList(calls)).toBe('/api/widgets?skipCount=0&maxResultCount=10&filter=Widget+2&colour=red'),
    );
    fireEvent.click(screen.getByTestId('crud-export'));
    await waitFor(() => expect(exported.at(-1)).toEqual({ filter: 'Widget 2', colour: 'red' }));
  });

  it('opens the screen’s own edit instead of the form, only with the update permission', async () => {
    stubApi(listWidgets);
    const onEdit = vi.fn();
    await renderWithApp(<FilteredWidgets onEdit={onEdit} />, { permissions: ['W.Edit'] });
    fireEvent.click(await screen.findByTestId('crud-edit-Widget 3'));
    expect(onEdit).toHaveBeenCalledWith(ROWS[3]);
    expect(screen.queryByTestId('crud-form-dialog')).toBeNull();
    cleanup();

    stubApi(listWidgets);
    await renderWithApp(<FilteredWidgets onEdit={onEdit} />, { permissions: [] });
    await screen.findByText('Widget 3');
    expect(screen.queryByTestId('crud-edit-Widget 3')).toBeNull();
  });

  it('hands the search to a slot that follows it, and leaves the search box out when told', async () => {
    stubApi(listWidgets);
    await renderWithApp(
      <CrudListPage resource={widgets} filters={({ search }) => <p data-testid="searched">{search}</p>} />,
    );
    fireEvent.change(await screen.findByTestId('crud-search'), { target: { value: 'Widget 2' } });
    await waitFor(() => expect(screen.getByTestId('searched').textContent).toBe('Widget 2'));
    cleanup();

    stubApi(listWidgets);
    await renderWithApp(
      <CrudListPage resource={{ ...widgets, searchable: false }} gridTestId="widget-grid" />,
    );
    await screen.findByText('Widget 0');
    expect(screen.getByTestId('widget-grid')).toBeTruthy();
    expect(screen.queryByTestId('crud-search')).toBeNull();
    expect(screen.getByTestId('crud-export')).toBeTruthy();
  });
});
