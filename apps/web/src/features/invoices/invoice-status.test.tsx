import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../components/crud/crud-test-harness';
import { InvoiceStatus } from './invoice-status';

afterEach(cleanup);

describe('InvoiceStatus', () => {
  it.each([
    [1, 'Draft'],
    [2, 'Sent'],
    [3, 'Paid'],
    [0, 'Unknown'],
    [4, 'Unknown'],
    [-1, 'Unknown'],
  ])('shows status %i as %s', async (status, text) => {
    await renderWithApp(<InvoiceStatus status={status} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('speaks the user’s language', async () => {
    await renderWithApp(
      <>
        <InvoiceStatus status={1} />
        <InvoiceStatus status={9} />
      </>,
      { language: 'da' },
    );
    expect(screen.getByText('Kladde')).toBeTruthy();
    expect(screen.getByText('Ukendt')).toBeTruthy();
  });
});
