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

  it('sends an accessory’s dates and count, and none for the other kinds', () => {
    const accessory = {
      ...EMPTY_PRODUCT_FORM,
      kind: 'accessory' as const,
      name: 'Strap',
      launchDate: '2024-01-01',
      endOfLifeDate: '2026-01-01',
      count: 12,
    };
    expect(toProductRequest(accessory)).toMatchObject({
      launchDate: '2024-01-01',
      endOfLifeDate: '2026-01-01',
      count: 12,
      defaultAppSettings: null,
    });
    expect(toProductRequest({ ...accessory, kind: 'service' })).toMatchObject({
      launchDate: null,
      endOfLifeDate: null,
      count: null,
    });
  });

  it('puts an end of life on or before the launch on the end-of-life field, and a negative count on count', () => {
    const result = zProductForm.safeParse({
      ...EMPTY_PRODUCT_FORM,
      kind: 'accessory',
      name: 'Strap',
      launchDate: '2024-05-01',
      endOfLifeDate: '2024-05-01',
      count: -1,
    });
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['count', 'validation.numberMin|{"count":0}'],
      ['endOfLifeDate', 'products:endOfLifeBeforeLaunch'],
    ]);
    const dates = zProductForm.safeParse({
      ...EMPTY_PRODUCT_FORM,
      kind: 'accessory',
      name: 'Strap',
      launchDate: '2024-05-01',
      endOfLifeDate: '2024-04-30',
      count: 3,
    });
    expect(dates.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['endOfLifeDate', 'products:endOfLifeBeforeLaunch'],
    ]);
  });
});
