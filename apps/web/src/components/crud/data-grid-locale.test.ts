import { describe, expect, it } from 'vitest';
import { dataGridLocaleText } from './data-grid-locale';
import { createTestI18n } from './crud-test-harness';

const rows = { from: 1, to: 10, count: 42, estimated: undefined };

describe('dataGridLocaleText', () => {
  it('says which rows are shown in Danish, where MUI’s own Danish texts say it in English', async () => {
    const i18n = await createTestI18n('da');
    const texts = dataGridLocaleText('da', i18n.t);
    expect(texts.paginationRowsPerPage).toBe('Rækker pr side:');
    expect(texts.paginationDisplayedRows?.(rows)).toBe('1–10 af 42');
    expect(texts.paginationDisplayedRows?.({ ...rows, count: -1 })).toBe('1–10 af flere end 10');
  });

  it('says it in English in English', async () => {
    const i18n = await createTestI18n('en');
    expect(dataGridLocaleText('en', i18n.t).paginationDisplayedRows?.(rows)).toBe('1–10 of 42');
  });
});
