import { describe, expect, it } from 'vitest';
import { installValidationMessages } from '@homeward/contracts';
import { EMPTY_PRODUCT_FORM, toProductRequest, zProductForm } from './product-form';

installValidationMessages();

describe('product form', () => {
  it('sends the list price in minor units and leaves out device-family fields of a service', () => {
    const request = toProductRequest({
      ...EMPTY_PRODUCT_FORM,
      kind: 'service',
      name: 'Support',
      listPrice: 1499.5,
    });
    expect(request).toMatchObject({
      listPriceMinor: 149_950,
      stellaIdPrefix: '',
      expectedReportingIntervalSeconds: null,
      defaultAppSettings: null,
    });
  });

  it('reports the contract’s rules on its own fields', () => {
    const result = zProductForm.safeParse({
      ...EMPTY_PRODUCT_FORM,
      name: 'Watch',
      stellaIdPrefix: 'stl',
      serialNumberPattern: '(a+)+',
      defaultAppSettings: { ...EMPTY_PRODUCT_FORM.defaultAppSettings, lowBatteryThresholdPercent: 0 },
    });
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['stellaIdPrefix', 'products:stellaIdPrefixInvalid'],
        ['serialNumberPattern', 'products:serialPatternUnsafe'],
        ['defaultAppSettings.lowBatteryThresholdPercent', 'validation.numberMin|{"count":1}'],
      ]),
    );
  });
});
