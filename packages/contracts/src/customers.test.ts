import { describe, expect, it } from 'vitest';
import { discountedMinor, zCustomerDiscountRequest, zSaveCustomerRequest } from './customers';
import { serialPatternProblem, zSaveProductRequest } from './products';
import { fieldErrorsOf, installValidationMessages } from './validation';

installValidationMessages();

const errorsOf = (result: { error?: Parameters<typeof fieldErrorsOf>[0] }) =>
  result.error ? fieldErrorsOf(result.error) : [];

describe('customer contracts', () => {
  it('takes an empty EAN and CVR, or exactly 13 and 8 digits', () => {
    expect(zSaveCustomerRequest.safeParse({ name: 'A' }).success).toBe(true);
    expect(zSaveCustomerRequest.safeParse({ name: 'A', ean: '5798000000017', cvr: '12345678' }).success).toBe(
      true,
    );
    expect(errorsOf(zSaveCustomerRequest.safeParse({ name: 'A', ean: '579800000001' }))).toEqual([
      { field: 'ean', message: 'validation.exactLength', params: { count: 13 } },
    ]);
  });

  it('stores any two-decimal discount exactly and rounds net prices half up', () => {
    expect(zCustomerDiscountRequest.safeParse({ discountPercentage: 12.5 }).success).toBe(true);
    expect(zCustomerDiscountRequest.safeParse({ discountPercentage: 33.33 }).success).toBe(true);
    expect(zCustomerDiscountRequest.safeParse({ discountPercentage: 0.001 }).success).toBe(false);
    expect(discountedMinor(149_900, 1250)).toBe(131_163);
    expect(discountedMinor(100, 0)).toBe(100);
    expect(discountedMinor(100, 10_000)).toBe(0);
  });
});

describe('product contracts', () => {
  it('accepts ordinary serial patterns and refuses broken or catastrophic ones', () => {
    for (const pattern of ['^STL\\d{8}$', '^[A-Z]{3}-\\d+$', '^(STL|HWD)\\d{6}$'])
      expect(serialPatternProblem(pattern), pattern).toBeUndefined();
    for (const pattern of ['(a+)+', '(\\d*)*$', '(a|aa)+', '(x{2,})+', '(a)\\1'])
      expect(serialPatternProblem(pattern), pattern).toBe('products:serialPatternUnsafe');
    expect(serialPatternProblem('[')).toBe('products:serialPatternInvalid');
  });

  it('clears the device-family fields of services and subscriptions', () => {
    const parsed = zSaveProductRequest.parse({
      kind: 'service',
      name: 'Support',
      listPriceMinor: 100,
      currency: 'EUR',
      stellaIdPrefix: 'STL',
      expectedReportingIntervalSeconds: 60,
    });
    expect(parsed).toMatchObject({
      stellaIdPrefix: '',
      expectedReportingIntervalSeconds: null,
      defaultAppSettings: null,
    });
  });
});
