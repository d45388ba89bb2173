import { cleanup, render } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDatePicker, DATE_PICKER_BOUNDS } from './app-date-picker';

afterEach(cleanup);

describe('AppDatePicker', () => {
  it('uses the product date range', () => {
    expect(DATE_PICKER_BOUNDS.min.format('YYYY-MM-DD')).toBe('1900-01-01');
    expect(DATE_PICKER_BOUNDS.max.format('YYYY-MM-DD')).toBe('2099-12-31');
  });

  it('reports a date before 1900-01-01 as below the minimum', () => {
    const onError = vi.fn();
    render(<AppDatePicker label="Date" value={dayjs('1899-12-31')} onError={onError} />);
    expect(onError).toHaveBeenCalledWith('minDate', expect.anything());
  });

  it('reports a date after 2099-12-31 as above the maximum', () => {
    const onError = vi.fn();
    render(<AppDatePicker label="Date" value={dayjs('2100-01-01')} onError={onError} />);
    expect(onError).toHaveBeenCalledWith('maxDate', expect.anything());
  });

  it('accepts the bounds themselves', () => {
    const onError = vi.fn();
    render(<AppDatePicker label="Date" value={dayjs('1900-01-01')} onError={onError} />);
    render(<AppDatePicker label="Date" value={dayjs('2099-12-31')} onError={onError} />);
    expect(onError).not.toHaveBeenCalledWith(expect.stringMatching(/Date$/), expect.anything());
  });
});
