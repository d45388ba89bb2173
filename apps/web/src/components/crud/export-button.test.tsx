import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameOf } from '../../app/api/api-download';
import { exportUsers } from '../../features/identity-users/export-users';
import { ExportButton } from './export-button';
import { renderWithApp, stubApi } from './crud-test-harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('export', { timeout: 20_000 }, () => {
  it('reads the file name from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="users-2026-11-22.xlsx"', 'x.xlsx')).toBe(
      'users-2026-11-22.xlsx',
    );
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });

  it('downloads the searched list under the server’s file name', async () => {
    const calls = stubApi(
      (call) =>
        new Response('xlsx', {
          headers: { 'content-disposition': `attachment; filename="users-2026-11-22.xlsx"` },
          status: call.path.startsWith('/api/identity/users/export') ? 200 : 404,
        }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await renderWithApp(<ExportButton onExport={() => exportUsers({ filter: 'anna' })} />);
    fireEvent.click(screen.getByTestId('crud-export'));
    await waitFor(() => expect(clicked).toEqual(['users-2026-11-22.xlsx']));
    expect(calls.map((call) => call.path)).toEqual(['/api/identity/users/export?filter=anna']);
  });

  it('shows a failure toast when the export is refused', async () => {
    stubApi(() => Response.json({ error: { code: 'forbidden', message: 'Forbidden' } }, { status: 403 }));
    await renderWithApp(<ExportButton onExport={() => exportUsers({})} />, { language: 'da' });
    fireEvent.click(screen.getByTestId('crud-export'));
    expect(await screen.findByText('Eksporten mislykkedes')).toBeTruthy();
  });
});
