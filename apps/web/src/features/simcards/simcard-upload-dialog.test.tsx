import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SimcardUploadRow } from '@homeward/contracts';
import {
  refuseWith,
  renderWithApp,
  stubApi,
  type RecordedCall,
} from '../../components/crud/crud-test-harness';
import { SimcardUploadDialog } from './simcard-upload-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ICCID = '8945012345678901235';

/** Answers an upload as the server does: every line created, except the lines in `failing`. */
function server(failing: Record<number, SimcardUploadRow['errors']> = {}, refuseFrom?: number) {
  return (call: RecordedCall) => {
    if (call.method !== 'POST' || call.path !== '/api/simcards/upload') return undefined;
    const { csv, lineOffset } = call.body as { csv: string; lineOffset: number };
    if (refuseFrom !== undefined && lineOffset >= refuseFrom) {
      return Response.json({ error: { code: 'internal', message: 'Server error' } }, { status: 500 });
    }
    const rows: SimcardUploadRow[] = csv
      .split('\n')
      .slice(1)
      .map((text, index) => {
        const line = index + 2 + lineOffset;
        const errors = failing[line] ?? [];
        return {
          line,
          iccid: text.split(',')[0]!,
          outcome: errors.length > 0 ? 'failed' : 'created',
          simcardId: errors.length > 0 ? null : `00000000-0000-4000-8000-${String(line).padStart(12, '0')}`,
          errors,
        };
      });
    const failed = rows.filter((row) => row.outcome === 'failed').length;
    return Response.json({ created: rows.length - failed, updated: 0, unchanged: 0, failed, rows });
  };
}

const csvOf = (lines: number) =>
  [
    'iccid,msisdn,operator,note',
    ...Array.from({ length: lines }, (_, index) => `${ICCID},+452000${String(index).padStart(4, '0')},TDC,`),
  ].join('\n');

async function chooseAndUpload(csv: string) {
  const input = screen.getByTestId('simcard-upload-file');
  fireEvent.change(input, { target: { files: [new File([csv], 'sims.csv', { type: 'text/csv' })] } });
  expect(await screen.findByText('sims.csv')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
}

describe('SimcardUploadDialog', { timeout: 20_000 }, () => {
  it('uploads 20 lines and reports which 2 failed and why, in the user’s words', async () => {
    const calls = stubApi(
      server({
        6: [{ field: 'iccid', message: 'simcards:iccidInvalid' }],
        13: [{ field: 'msisdn', message: 'simcards:msisdnInvalid' }],
      }),
    );
    await renderWithApp(<SimcardUploadDialog onClose={() => {}} />, {
      permissions: ['Homeward.SimCards.BatchUpload'],
    });
    await chooseAndUpload(csvOf(20));

    expect((await screen.findByTestId('simcard-upload-summary')).textContent).toBe(
      '18 created, 0 updated, 0 unchanged, 2 failed',
    );
    const progress = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Uploaded 20 of 20 lines')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/simcards/upload')).toHaveLength(1);

    const report = screen.getByTestId('simcard-upload-rows');
    const failedIccid = within(screen.getByTestId('simcard-upload-rows-6'));
    expect(failedIccid.getByText('Failed')).toBeTruthy();
    expect(
      failedIccid.getByText('ICCID: Not a valid ICCID (19 or 20 digits with a correct check digit)'),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('simcard-upload-rows-13')).getByText(
        'Phone number (MSISDN): Not a valid phone number',
      ),
    ).toBeTruthy();
    expect(within(screen.getByTestId('simcard-upload-rows-2')).getByText('Created')).toBeTruthy();
    expect(within(report).getAllByText('Failed')).toHaveLength(2);
    expect((await screen.findByTestId('notification')).textContent).toContain(
      '18 created, 0 updated, 0 unchanged, 2 failed',
    );
  });

  it('sends a long file in chunks of 1,000 lines with the file’s line numbers, and can show failed lines only', async () => {
    const calls = stubApi(server({ 1502: [{ field: 'iccid', message: 'simcards:duplicateInFile' }] }));
    await renderWithApp(<SimcardUploadDialog onClose={() => {}} />);
    await chooseAndUpload(csvOf(2500));
    expect((await screen.findByTestId('simcard-upload-summary')).textContent).toBe(
      '2499 created, 0 updated, 0 unchanged, 1 failed',
    );
    const uploads = calls.filter((call) => call.path === '/api/simcards/upload');
    expect(uploads.map((call) => (call.body as { lineOffset: number }).lineOffset)).toEqual([0, 1000, 2000]);
    expect(screen.getByText('Uploaded 2500 of 2500 lines')).toBeTruthy();
    // A long report starts with the failed lines only.
    expect(screen.getByRole('checkbox', { name: 'Show failed lines only' })).toHaveProperty('checked', true);
    const row = within(screen.getByTestId('simcard-upload-rows-1502'));
    expect(row.getByText('ICCID: Already given on an earlier line')).toBeTruthy();
    expect(screen.queryByTestId('simcard-upload-rows-2')).toBeNull();
  });

  it('keeps the report of the chunks done when a later one fails, and says where it stopped', async () => {
    stubApi(server({}, 1000));
    await renderWithApp(<SimcardUploadDialog onClose={() => {}} />);
    await chooseAndUpload(csvOf(1500));
    expect((await screen.findByTestId('simcard-upload-stopped')).textContent).toBe(
      'The upload stopped after 1000 of 1500 lines',
    );
    expect(screen.getByTestId('simcard-upload-summary').textContent).toBe(
      '1000 created, 0 updated, 0 unchanged, 0 failed',
    );
    await waitFor(() =>
      expect(screen.getByTestId('notification').textContent).toContain('The file could not be uploaded'),
    );
  });

  it('tells why the server refused the whole file', async () => {
    stubApi(
      refuseWith('POST', { field: 'csv', message: 'simcards:csvUnknownColumn', params: { column: 'phone' } }),
    );
    await renderWithApp(<SimcardUploadDialog onClose={() => {}} />);
    await chooseAndUpload('iccid,phone\n1,2');
    expect((await screen.findByTestId('notification')).textContent).toMatch(
      /The file could not be uploaded: .*Unknown column "phone"/,
    );
    expect(screen.queryByTestId('simcard-upload-summary')).toBeNull();
  });
});
